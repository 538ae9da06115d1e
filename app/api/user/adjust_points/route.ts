import { adjustPointsSchema } from '@/lib/accounts/schemas'
import { route } from '@/lib/http'
import { adjustPoints } from '@/lib/points'
import { adjustResultSchema } from '@/lib/points/contract'

// POST /api/user/adjust_points – managers: grant or deduct points with a reason, once per idempotency key
export const POST = route({ summary: 'Managers: grant or deduct points with a reason, once per idempotency key', auth: 'manager', response: adjustResultSchema, body: adjustPointsSchema }, async ({ body }) => {
  const { balance, isDuplicate } = await adjustPoints({ userId: body.id, amount: body.points, direction: body.direction, reason: body.reason, clientKey: body.idempotencyKey })
  return { point: balance, isDuplicate }
})
