import { route } from '@/lib/http'
import { createdReviewLinkSchema, createReviewLink, createReviewLinkBody, listReviewLinks, reviewLinkListSchema } from '@/lib/reviews'

// GET /api/tasks/{id}/review_links – the task's review links (mode, expiry, revoked), never a token
export const GET = route({ summary: 'The task\'s review links: mode, expiry, revocation (never a token)', auth: 'user', params: ['id'], response: reviewLinkListSchema }, async ({ user, params }) => listReviewLinks({ userId: user.id, taskId: params.id }))

// POST /api/tasks/{id}/review_links – shares the task (read or comment, expiring in 1–90 days); the answer is the only time its token is shown
export const POST = route(
  { summary: 'Shares the task with a reviewer without an account (read or comment, expiring in 1 to 90 days); the answer is the only time its token is shown', auth: 'user', params: ['id'], body: createReviewLinkBody, response: createdReviewLinkSchema },
  async ({ user, params, body }) => createReviewLink({ userId: user.id, taskId: params.id, input: body }),
)
