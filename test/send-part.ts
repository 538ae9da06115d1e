// A part of a recording sent with tus as the browser's workers send it: in pieces, its length
// declared at the end, through a real HTTP server over the tus routes (upload-server.ts). Test code only.
import { createReadStream } from 'node:fs'
import path from 'node:path'
import { Upload } from 'tus-js-client'
import { streamSource } from './upload-server'

/** Sends `file` as part `index` of a recording, starting at `startMs` on its timeline: its id as soon as the server made it, and the end of the upload. */
export function sendPart(endpoint: string, file: string, { token, index = 0, startMs = 0 }: { token: string; index?: number; startMs?: number }) {
  let resolveId!: (id: string) => void
  const id = new Promise<string>((resolve) => (resolveId = resolve))
  const done = new Promise<void>((resolve, reject) => {
    const source = streamSource(createReadStream(file, { highWaterMark: 64 * 1024 }))
    const upload = new Upload(Buffer.alloc(0), {
      fileReader: { openFile: async () => source } as never,
      endpoint: `${endpoint}/api/uploads`,
      chunkSize: 256 * 1024,
      uploadLengthDeferred: true,
      retryDelays: [0, 50, 100, 200, 400],
      headers: { authorization: `Bearer ${token}` },
      metadata: { filename: path.basename(file), part: String(index), startMs: String(startMs) },
      onUploadUrlAvailable: () => resolveId(upload.url!.split('/').pop()!),
      onSuccess: () => resolve(),
      onError: reject,
    })
    upload.start()
  })
  return { id, done }
}
