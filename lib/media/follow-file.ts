import 'server-only'
import { open } from 'node:fs/promises'

export type FollowOptions = {
  /** Whether the file is whole (every byte written): then reading stops at its end. */
  isComplete: () => Promise<boolean>
  /** How often a file that has not grown is looked at again. */
  pollMs?: number
  /** A file that does not grow for this long, and is not whole, is read as ending there (a sender gone). */
  stallMs?: number
  /** Stops the reading (the reader has had enough). */
  signal?: AbortSignal
}

export class FollowStalledError extends Error {}

const READ_BYTES = 256 * 1024

/**
 * Reads a file that is still being written (a part of a recording arriving by tus), as it grows:
 * what is there, then more as it comes, until it is whole and read to its end. Rules: a file that
 * does not grow for `stallMs` while not whole ends the reading with a FollowStalledError (after
 * everything that arrived was yielded); a missing file counts as empty until it appears.
 */
export async function* followFile(file: string, { isComplete, pollMs = 100, stallMs = 10 * 60_000, signal }: FollowOptions): AsyncGenerator<Buffer> {
  let offset = 0
  let quietSince = Date.now()
  let handle: Awaited<ReturnType<typeof open>> | null = null
  try {
    for (;;) {
      if (signal?.aborted) return
      handle ??= await open(file, 'r').catch(() => null)
      const buffer = Buffer.alloc(READ_BYTES)
      const { bytesRead } = handle ? await handle.read(buffer, 0, READ_BYTES, offset) : { bytesRead: 0 }
      if (bytesRead > 0) {
        offset += bytesRead
        quietSince = Date.now()
        yield buffer.subarray(0, bytesRead)
        continue
      }
      // Whole, and nothing more to read: a last look for bytes written just before it was marked whole.
      if (await isComplete()) {
        const last = handle ? await handle.read(buffer, 0, READ_BYTES, offset) : { bytesRead: 0 }
        if (last.bytesRead === 0) return
        offset += last.bytesRead
        yield buffer.subarray(0, last.bytesRead)
        continue
      }
      if (Date.now() - quietSince > stallMs) throw new FollowStalledError(`${file} stopped growing at ${offset} bytes`)
      await new Promise((resolve) => setTimeout(resolve, pollMs))
    }
  } finally {
    await handle?.close()
  }
}
