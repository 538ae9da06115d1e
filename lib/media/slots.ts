import 'server-only'

// Decoding a recording takes a core for seconds: this process runs at most a few such checks at
// once, and one user at most two, so a burst of estimates cannot take the server's CPU. Counted in
// this process (each web process decodes its own requests).

export const MEDIA_CHECK_SLOTS = { perUser: 2, inAll: 4 } as const

/** There is no free slot: the caller answers "busy, try again in a moment". */
export class MediaBusyError extends Error {}

const perUser = new Map<string, number>()
let inAll = 0

/**
 * Runs `work` in one of the user's slots. Rule: when the user already runs `perUser` checks, or the
 * process `inAll`, it is a MediaBusyError at once (never queued: the request holds a file on disk).
 */
export async function withMediaSlot<T>(userId: string, work: () => Promise<T>, limits: { perUser: number; inAll: number } = MEDIA_CHECK_SLOTS): Promise<T> {
  const mine = perUser.get(userId) ?? 0
  if (mine >= limits.perUser || inAll >= limits.inAll) throw new MediaBusyError(`media checks busy (${mine} of the user's, ${inAll} in all)`)
  perUser.set(userId, mine + 1)
  inAll++
  try {
    return await work()
  } finally {
    inAll--
    const left = (perUser.get(userId) ?? 1) - 1
    if (left > 0) perUser.set(userId, left)
    else perUser.delete(userId)
  }
}
