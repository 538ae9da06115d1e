import { route } from '@/lib/http'
import { clientIp } from '@/lib/rate-limit'
import { openReview, reviewViewSchema } from '@/lib/reviews'

// GET /api/review/{token} – a review link's task for a reviewer without an account: the lines side by side and their comments
export const GET = route({ summary: 'A review link\'s task, for a reviewer without an account: its lines side by side and the comments made through the link', auth: 'public', params: ['token'], response: reviewViewSchema }, async ({ req, params }) =>
  openReview({ token: params.token, clientIp: clientIp(req) }),
)
