'use client'

import { Upload } from 'tus-js-client'
import { liveSource } from './live-source'

// The parts of a recording's sound go up while the workers still make them, with the
// tus protocol: each part is created at once (its length declared when it ends) and sent in pieces
// of at most 256 KB, each as soon as it is full or a quarter of a second old. A dropped connection is retried: the client asks the server how far it got (HEAD) and
// sends only the rest, from the bytes it still holds, so nothing is ever sent whole again.

/** One PATCH: small enough that the server has the first chunk's sound within a second or two. */
const PIECE_BYTES = 256 * 1024
/** Retries after a dropped connection: quickly at first, then every 30 s for about 10 minutes. */
const RETRY_DELAYS_MS = [0, 500, 1000, 2000, 4000, 8000, 15_000, ...Array.from({ length: 20 }, () => 30_000)]

export type PartUpload = {
  /** The part's id on the server, once it is created (the task names its parts by these). */
  id: Promise<string>
  /** Resolves when every byte is on the server. */
  done: Promise<void>
  /** Bytes the server has acknowledged. */
  sent: () => number
  /** Stops sending and removes the part from the server (a dialog closed before its task was created). */
  abandon: () => Promise<void>
}

export function uploadPart({ stream, fileName, index, startMs }: { stream: ReadableStream<Uint8Array>; fileName: string; index: number; startMs: number }): PartUpload {
  let sent = 0
  let resolveId!: (id: string) => void
  let rejectId!: (error: unknown) => void
  const id = new Promise<string>((resolve, reject) => ((resolveId = resolve), (rejectId = reject)))
  let upload!: Upload
  const done = new Promise<void>((resolve, reject) => {
    // The file reader is ours: pieces go as soon as there is something to send (live-source.ts).
    const source = liveSource(stream)
    upload = new Upload(new Blob(), {
      fileReader: { openFile: async () => source } as never,
      endpoint: '/api/uploads',
      chunkSize: PIECE_BYTES,
      uploadLengthDeferred: true,
      retryDelays: RETRY_DELAYS_MS,
      // The bytes come from the workers, not from a file that could be picked again after a reload.
      storeFingerprintForResuming: false,
      metadata: { filename: fileName, part: String(index), startMs: String(Math.round(startMs)) },
      onUploadUrlAvailable: () => resolveId(upload.url!.split('/').pop()!),
      onChunkComplete: (_size, accepted) => void (sent = accepted),
      onSuccess: () => resolve(),
      onError: (error) => {
        rejectId(error)
        reject(error)
      },
    })
  })
  // Awaited by the dialog; until then a failure must not count as unhandled.
  id.catch(() => {})
  done.catch(() => {})
  upload.start()
  return { id, done, sent: () => sent, abandon: () => upload.abort(true).catch(() => {}) }
}
