import { route } from '@/lib/http'
import { dismissReviewComment, reviewCommentSchema } from '@/lib/reviews'

// POST /api/tasks/{id}/review_comments/{commentId}/dismiss – dismisses a comment, the line unchanged
export const POST = route({ summary: 'Dismisses a comment; the line stays as it is', auth: 'user', params: ['id', 'commentId'], response: reviewCommentSchema }, async ({ user, params }) => dismissReviewComment({ userId: user.id, taskId: params.id, commentId: params.commentId }))
