import { z } from 'zod'

/**
 * POST /api/user/decr_point: the spec's `points`, a whole positive number (never a negative to add
 * points), and an optional idempotency key so a retried call is charged once.
 */
export const decrPointSchema = z.object({
  points: z.number({ error: 'pointsInvalid' }).int('pointsInvalid').positive('pointsInvalid').max(1_000_000_000, 'pointsInvalid'),
  idempotencyKey: z.string().trim().min(1).max(200).optional(),
})

export type DecrPointInput = z.infer<typeof decrPointSchema>
