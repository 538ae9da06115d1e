import { route } from '@/lib/http'
import { reviewLinkSchema, revokeReviewLink } from '@/lib/reviews'

// DELETE /api/tasks/{id}/review_links/{linkId} – revokes a review link at once
export const DELETE = route({ summary: 'Revokes a review link at once', auth: 'user', params: ['id', 'linkId'], response: reviewLinkSchema }, async ({ user, params }) => revokeReviewLink({ userId: user.id, taskId: params.id, linkId: params.linkId }))
