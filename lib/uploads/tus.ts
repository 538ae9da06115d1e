import 'server-only'
import { mkdirSync } from 'node:fs'
import { FileStore } from '@tus/file-store'
import { Server } from '@tus/server'
import { AppError } from '@/lib/errors'
import { log } from '@/lib/log'
import { countUploadBytes } from '@/lib/metrics'
import { MAX_AUDIO_BYTES } from '@/lib/transcribe/universal/limits'
import { readPartMetadata } from './metadata'
import { deleteParts, markPartComplete, newPartId, ownPart, recordPart, uploadDir } from './parts'
import { notePartProgress } from './progress'
import { capBody, quotaLeft } from './quota'

// The tus protocol (tus.io, resumable uploads) for the parts of a recording's sound, through the
// maintained @tus/server with its file store: a part is created (POST, its length may come later),
// appended to (PATCH at the offset the server has), asked how far it got (HEAD) after a dropped
// connection, and abandoned (DELETE). Our route (app/api/uploads) signs the caller in, checks the
// origin and the rate of creations, and for an existing part that it is the caller's, then hands the
// request over here with the caller's id and the checked part id in headers of its own.

/** The header route hands the caller's id in (any such header from the client is replaced). */
export const CALLER_HEADER = 'x-upload-caller'
/** The header the checked part id travels in: the store is asked about this part and no other. */
const PART_HEADER = 'x-upload-part'

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
    // The part our route checked as the caller's, never a piece of the URL (its query may hold a `/`).
    getFileIdFromRequest: (req) => req.headers.get(PART_HEADER) ?? undefined,
    onUploadCreate: async (req, upload) => {
      const userId = req.headers.get(CALLER_HEADER)
      if (!userId) throw refuse(401, 'no session')
      const metadata = readPartMetadata(req.headers.get('upload-metadata'))
      await recordPart({ id: upload.id, userId, index: metadata.part, startMs: metadata.startMs, fileName: metadata.filename })
      return {}
    },
    onUploadFinish: async (_req, upload) => {
      await markPartComplete(upload.id)
      return {}
    },
    // Our own failures (the database, the disk) are logged, never shown: the client sees a fixed text.
    onResponseError: (_req, error) => {
      if ('status_code' in error) return undefined
      log.error('uploads.tus_failed', { error })
      return { status_code: 500, body: 'internal error\n' }
    },
  })
}

const holder = globalThis as unknown as { __tusServer?: Server }
const server = () => (holder.__tusServer ??= createServer())

const declaredLength = (headers: Headers, name: string) => {
  const value = headers.get(name)
  return value !== null && /^\d+$/.test(value) ? Number(value) : Number.NaN
}

/**
 * Answers one tus request of `userId`. Rules: a request naming a part (PATCH, HEAD, DELETE) is
 * answered only when the part is the caller's (40400 otherwise, before the store is touched), and
 * the store reads that id only; a creation's metadata is checked first (40000 in the envelope);
 * bytes for parts no task has taken count against the user's quota (41300 past it); a part
 * abandoned (DELETE) loses its row with its files; a failure of ours answers 50000, never its text.
 */
export async function handleUpload({ req, body, userId, partId }: { req: Request; body: ReadableStream<Uint8Array> | null; userId: string; partId?: string }): Promise<Response> {
  const part = partId ? await ownPart({ userId, id: partId }) : null
  if (req.method === 'POST') readPartMetadata(req.headers.get('upload-metadata'))
  const headers = new Headers(req.headers)
  headers.set(CALLER_HEADER, userId)
  headers.delete(PART_HEADER)
  if (part) headers.set(PART_HEADER, part.id)
  const hasBody = body && req.method !== 'HEAD' && req.method !== 'GET'
  // A creation declares its part's whole length; an append only its own bytes (those before are counted on disk).
  const declared = [declaredLength(req.headers, 'content-length'), ...(req.method === 'POST' ? [declaredLength(req.headers, 'upload-length')] : [])]
  const counted = hasBody && !part?.taskId ? capBody(body, await quotaLeft({ userId, declared })) : null
  const sent = counted ? counted.body : hasBody ? body : null
  const forwarded = new Request(req.url, { method: req.method, headers, body: sent, ...(sent ? { duplex: 'half' } : {}), signal: req.signal } as RequestInit)
  const response = await server().handleWeb(forwarded)
  if (counted?.isOver()) throw counted.refusal()
  if (response.status >= 500) throw new AppError('internal', 'internal')
  if (req.method === 'PATCH' && response.ok && part) {
    const offset = Number(response.headers.get('upload-offset'))
    countUploadBytes(offset - Number(req.headers.get('upload-offset')))
    await notePartProgress({ id: part.id, offset })
  }
  if (req.method === 'DELETE' && response.ok && part) await deleteParts([part.id])
  return response
}
