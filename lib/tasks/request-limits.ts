import 'server-only'
import { AppError } from '@/lib/errors'
import { clientIp, consumeRateLimit } from '@/lib/rate-limit'

/**
 * Parsing a 5 MB upload is the heaviest thing a request can ask for, so estimates and task
 * creations are limited per user and per client address (a dropped batch of 20 files estimates
 * 20 at once, well inside these).
 */
export const UPLOAD_LIMITS = {
  estimate: { perUser: 60, perClient: 120 },
  create: { perUser: 60, perClient: 120 },
} as const
/** lib/rate-limit's name for a caller whose address is unknown (no trusted proxy). */
const UNKNOWN_CLIENT = 'direct'
const WINDOW_MS = 60_000

/**
 * Counts one estimate or creation; past either limit it is a 42900 and nothing is parsed. An
 * unknown client address is not counted: every such caller would share one bucket, and one busy
 * user could then stop the whole site.
 */
export async function limitUploadWork({ kind, userId, clientIp }: { kind: keyof typeof UPLOAD_LIMITS; userId: string; clientIp: string }): Promise<void> {
  const limits = UPLOAD_LIMITS[kind]
  const [user, client] = await Promise.all([
    consumeRateLimit({ key: `${kind}:user:${userId}`, limit: limits.perUser, windowMs: WINDOW_MS }),
    clientIp === UNKNOWN_CLIENT ? { isAllowed: true } : consumeRateLimit({ key: `${kind}:ip:${clientIp}`, limit: limits.perClient, windowMs: WINDOW_MS }),
  ])
  if (!user.isAllowed || !client.isAllowed) throw new AppError('rate_limited', 'rateLimited')
}

/** An upload route's `rateLimit` (route()): the caller's `kind` of work counted per user and per client address. */
export const uploadWorkLimit =
  (kind: keyof typeof UPLOAD_LIMITS) =>
  ({ req, user }: { req: { headers: Headers }; user: { id: string } }) =>
    limitUploadWork({ kind, userId: user.id, clientIp: clientIp(req) })
