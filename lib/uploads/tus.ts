import 'server-only'
import { mkdirSync } from 'node:fs'
import { FileStore } from '@tus/file-store'
import { Server } from '@tus/server'
import { z } from 'zod'
import { countUploadBytes } from '@/lib/metrics'
import { MAX_AUDIO_BYTES, MAX_AUDIO_MS } from '@/lib/transcribe/limits'
import { markPartComplete, newPartId, ownPart, recordPart, uploadDir } from './parts'

// The tus protocol (tus.io, resumable uploads) for the parts of a recording's sound, through the
// maintained @tus/server with its file store: a part is created (POST, its length may come later),
// appended to (PATCH at the offset the server has), asked how far it got (HEAD) after a dropped
// connection, and abandoned (DELETE). Our route (app/api/uploads) signs the caller in, checks the
// origin and the rate of creations, and for an existing part that it is the caller's, then hands the
// request over here with the caller's id in a header of its own.

/** The header route hands the caller's id in (any such header from the client is replaced). */
export const CALLER_HEADER = 'x-upload-caller'

/** What a part's creation says of it (tus Upload-Metadata): its recording's name, place and start. */
const metadataSchema = z.object({
  filename: z.string().trim().min(1).max(255),
  part: z.coerce.number().int().min(0).max(15),
  startMs: z.coerce.number().int().min(0).max(MAX_AUDIO_MS),
})

type TusError = { status_code: number; body: string }
const refuse = (status_code: number, body: string): TusError => ({ status_code, body })

function createServer(): Server {
  const directory = uploadDir()
  mkdirSync(directory, { recursive: true })
  // The default locker (one per process) serialises requests on one part: what a client does anyway.
  return new Server({
    path: '/api/uploads',
    datastore: new FileStore({ directory }),
    relativeLocation: true,
    // A part is at most what a whole recording may be (its bytes are capped while they arrive, too).
    maxSize: MAX_AUDIO_BYTES,
    namingFunction: () => newPartId(),
    onUploadCreate: async (req, upload) => {
      const userId = req.headers.get(CALLER_HEADER)
      if (!userId) throw refuse(401, 'no session')
      const parsed = metadataSchema.safeParse(upload.metadata ?? {})
      if (!parsed.success) throw refuse(400, 'Upload-Metadata needs filename, part and startMs')
      await recordPart({ id: upload.id, userId, index: parsed.data.part, startMs: parsed.data.startMs, fileName: parsed.data.filename })
      return {}
    },
    onUploadFinish: async (_req, upload) => {
      await markPartComplete(upload.id)
      return {}
    },
  })
}

const holder = globalThis as unknown as { __tusServer?: Server }
const server = () => (holder.__tusServer ??= createServer())

/**
 * Answers one tus request of `userId`. Rule: a request naming a part (PATCH, HEAD, DELETE) is
 * answered only when the part is the caller's (40400 otherwise, before the store is touched).
 */
export async function handleUpload({ req, body, userId, partId }: { req: Request; body: ReadableStream<Uint8Array> | null; userId: string; partId?: string }): Promise<Response> {
  if (partId) await ownPart({ userId, id: partId })
  const headers = new Headers(req.headers)
  headers.set(CALLER_HEADER, userId)
  const hasBody = body && req.method !== 'HEAD' && req.method !== 'GET'
  const forwarded = new Request(req.url, { method: req.method, headers, body: hasBody ? body : null, ...(hasBody ? { duplex: 'half' } : {}), signal: req.signal } as RequestInit)
  const response = await server().handleWeb(forwarded)
  if (req.method === 'PATCH' && response.ok) countUploadBytes(Number(response.headers.get('upload-offset')) - Number(req.headers.get('upload-offset')))
  return response
}
