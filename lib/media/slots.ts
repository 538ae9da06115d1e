import 'server-only'
import { keyedPool, PoolBusyError } from '@/lib/pool'

// Decoding a recording takes a core for seconds: this process runs at most a few such checks at
// once, and one user at most two, so a burst of estimates cannot take the server's CPU. Counted in
// this process (each web process decodes its own requests), by the one pool (lib/pool).

export const MEDIA_CHECK_SLOTS = { perUser: 2, inAll: 4 } as const

/** There is no free slot: the caller answers "busy, try again in a moment". */
export class MediaBusyError extends Error {}

const checks = keyedPool({ perKey: MEDIA_CHECK_SLOTS.perUser, inAll: MEDIA_CHECK_SLOTS.inAll })

/**
 * Runs `work` in one of the user's slots. Rule: when the user already runs `perUser` checks, or the
 * process `inAll`, it is a MediaBusyError at once (never queued: the request holds a file on disk).
 */
export async function withMediaSlot<T>(userId: string, work: () => Promise<T>): Promise<T> {
  return checks.tryRun(userId, work).catch((error: unknown) => {
    throw error instanceof PoolBusyError ? new MediaBusyError(`media checks busy: ${error.message}`) : error
  })
}
