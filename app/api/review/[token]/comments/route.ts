import { route } from '@/lib/http'
import { clientIp } from '@/lib/rate-limit'
import { addReviewComment, addReviewCommentBody, reviewCommentSchema } from '@/lib/reviews'

// POST /api/review/{token}/comments – a reviewer's comment on one line, with a suggested text (links that may comment)
export const POST = route({ summary: 'A reviewer\'s comment on one line, with the text they suggest (links that may comment)', auth: 'public', params: ['token'], body: addReviewCommentBody, response: reviewCommentSchema }, async ({ req, params, body }) =>
  addReviewComment({ token: params.token, clientIp: clientIp(req), input: body }),
)
