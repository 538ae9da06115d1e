import { route } from '@/lib/http'
import { acceptReviewComment, reviewCommentSchema } from '@/lib/reviews'

// POST /api/tasks/{id}/review_comments/{commentId}/accept – the line takes the suggested text (an edit of the creator's, learnt by the memory)
export const POST = route({ summary: 'Accepts a comment: the line takes its suggested text as the creator\'s edit', auth: 'user', params: ['id', 'commentId'], response: reviewCommentSchema }, async ({ user, params }) => acceptReviewComment({ userId: user.id, taskId: params.id, commentId: params.commentId }))
