import { z } from 'zod'

/** Most points one change may move: lots and entries are 32-bit integer columns. */
export const MAX_POINTS_PER_CHANGE = 1_000_000_000

/**
 * POST /api/user/decr_point: `points`, a whole positive number (never a negative to add
 * points), and an optional idempotency key so a retried call is charged once.
 */
export const decrPointSchema = z.object({
  points: z.number({ error: 'pointsInvalid' }).int('pointsInvalid').positive('pointsInvalid').max(MAX_POINTS_PER_CHANGE, 'pointsInvalid'),
  idempotencyKey: z.string().trim().min(1).max(200).optional(),
})

export type DecrPointInput = z.infer<typeof decrPointSchema>
