import { route } from '@/lib/http'
import { listReviewComments, reviewCommentListSchema } from '@/lib/reviews'

// GET /api/tasks/{id}/review_comments – reviewers' comments and suggestions on the task's lines
export const GET = route({ summary: 'Reviewers\' comments and suggestions on the task\'s lines, oldest first', auth: 'user', params: ['id'], response: reviewCommentListSchema }, async ({ user, params }) => listReviewComments({ userId: user.id, taskId: params.id }))
