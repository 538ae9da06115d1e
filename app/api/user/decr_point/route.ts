import { randomUUID } from 'node:crypto'
import { route } from '@/lib/http'
import { decrPointSchema, spendPoints } from '@/lib/points'
import { balanceSchema } from '@/lib/points/contract'

// POST /api/user/decr_point – spends a positive whole number of points, never more than the balance
export const POST = route({ summary: 'Spends a positive whole number of points, never more than the balance', auth: 'user', response: balanceSchema, body: decrPointSchema }, async ({ req, user, body }) => {
  const clientKey = body.idempotencyKey ?? req.headers.get('idempotency-key')?.trim().slice(0, 200)
  const { balance } = await spendPoints({ userId: user.id, amount: body.points, key: `decr:${user.id}:${clientKey || randomUUID()}` })
  return { point: balance }
})
