import 'server-only'
import { followFile, FollowStalledError } from '@/lib/media'
import { env } from '@/lib/env'
import { partFile } from './parts'
import { partBytes, partState, type PartState } from './progress'

/** A part brought nothing new for UPLOAD_PARK_MS while nothing was in flight: its task's run stops and gives the worker back. */
export class UploadParkedError extends Error {}

/** How often the part's row is read again while its file is not growing. */
const STATE_EVERY_MS = 1000

/**
 * Reads a part while it arrives (lib/media followFile). Rules: it ends at the part's end once the
 * part is whole; a stalled part (progress.ts) ends where it stopped (a FollowStalledError, so the
 * decoder keeps what came); when the part brought nothing new for UPLOAD_PARK_MS it asks `park`
 * (its task's run stops from outside, through the signal, when nothing is in flight) and keeps
 * waiting meanwhile.
 */
export function followPart(id: string, { signal, park }: { signal: AbortSignal; park: () => void }): AsyncGenerator<Buffer> {
  let size = -1
  let quietSince = Date.now()
  let state: PartState | null = null
  let stateAt = 0
  const isComplete = async () => {
    const now = Date.now()
    const bytes = await partBytes(id)
    if (bytes !== size) {
      size = bytes
      quietSince = now
    }
    if (!state || now - stateAt >= STATE_EVERY_MS) {
      state = await partState(id, now)
      stateAt = now
    }
    if (state.isComplete) return true
    if (state.isStalled) throw new FollowStalledError(`part ${id} stalled at ${size} bytes`)
    if (now - quietSince >= env().UPLOAD_PARK_MS) park()
    return false
  }
  // The part's row rules when it stalls; the file's own clock is not used.
  return followFile(partFile(id), { isComplete, stallMs: Number.POSITIVE_INFINITY, signal })
}
