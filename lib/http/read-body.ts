import type { NextRequest } from 'next/server'
import { AppError, type ErrorKey } from '@/lib/errors'
import { parseForm } from './multipart'

export type RawBody = { json: unknown; form: FormData | null }

/** How many bytes a route reads at most, and the message a larger body is refused with (413). */
export type BodyLimit = { bytes: number; tooLarge: ErrorKey }

/** What the request's content type says it carries: nothing (GET, HEAD), a form, or JSON (or nothing yet known). */
export type BodyKind = 'none' | 'form' | 'json'

// Multipart carries one subtitle file (5 MB at most) or an avatar, plus a little form overhead.
export const MULTIPART_LIMIT: BodyLimit = { bytes: 6 * 1024 * 1024, tooLarge: 'fileTooLarge' }
export const JSON_LIMIT: BodyLimit = { bytes: 1024 * 1024, tooLarge: 'bodyTooLarge' }

const tooLarge = (limit: BodyLimit) => new AppError('payload_too_large', limit.tooLarge, { max: Math.floor(limit.bytes / (1024 * 1024)) })

/**
 * Decides from the headers alone what a body is, before a byte of it is read: a form sent to a
 * JSON route is 415 / 41500 at once.
 */
export function bodyKind(req: NextRequest, { multipart }: { multipart: boolean }): BodyKind {
  if (req.method === 'GET' || req.method === 'HEAD') return 'none'
  const lower = (req.headers.get('content-type') ?? '').toLowerCase()
  if (lower.startsWith('multipart/form-data') || lower.startsWith('application/x-www-form-urlencoded')) {
    if (!multipart) throw new AppError('unsupported_media_type', 'jsonRequired')
    return 'form'
  }
  return 'json'
}

/** Refuses (413) a body whose declared Content-Length is over the cap, without reading it. */
export function refuseDeclaredOversize(req: NextRequest, limit: BodyLimit): void {
  const declared = Number(req.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > limit.bytes) throw tooLarge(limit)
}

/**
 * The request's body as a stream that fails with a 413 AppError once more than the cap has
 * arrived (a chunked upload declares no length), and with a 40000 when the client breaks off.
 */
export function cappedStream(req: NextRequest, limit: BodyLimit): ReadableStream<Uint8Array> | null {
  refuseDeclaredOversize(req, limit)
  if (!req.body) return null
  const reader = req.body.getReader()
  let size = 0
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk: ReadableStreamReadResult<Uint8Array>
      try {
        chunk = await reader.read()
      } catch {
        return controller.error(new AppError('bad_request', 'malformedBody'))
      }
      if (chunk.done) return controller.close()
      size += chunk.value.byteLength
      if (size > limit.bytes) {
        await reader.cancel().catch(() => {})
        return controller.error(tooLarge(limit))
      }
      controller.enqueue(chunk.value)
    },
    cancel: (reason) => reader.cancel(reason).catch(() => {}),
  })
}

/** The whole body, read with the cap (see cappedStream). */
export async function readCapped(req: NextRequest, limit: BodyLimit): Promise<Buffer> {
  const stream = cappedStream(req, limit)
  if (!stream) return Buffer.alloc(0)
  const chunks: Uint8Array[] = []
  const reader = stream.getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      chunks.push(value)
    }
  } catch (error) {
    if (error instanceof AppError) throw error
    throw new AppError('bad_request', 'malformedBody')
  }
  return Buffer.concat(chunks)
}

/**
 * A body read as UTF-8 text with a cap, for the routes outside route() (the payment callbacks):
 * null when it is larger, found from the declared length or while streaming, never buffered whole.
 */
export async function readTextCapped(req: NextRequest, maxBytes: number): Promise<string | null> {
  try {
    return new TextDecoder().decode(await readCapped(req, { bytes: maxBytes, tooLarge: 'bodyTooLarge' }))
  } catch (error) {
    if (error instanceof AppError && error.code === 'payload_too_large') return null
    throw error
  }
}

/** `application/json` or a `+json` type such as `application/merge-patch+json`, parameters ignored. */
function isJsonType(lowerContentType: string): boolean {
  const media = lowerContentType.split(';')[0].trim()
  return media === 'application/json' || (media.startsWith('application/') && media.endsWith('+json'))
}

/**
 * Reads a request body without ever throwing anything but a 40000, a 41300 past the cap or, for a
 * JSON route sent another type of body, a 41500: JSON, or multipart when allowed.
 */
export async function readBody(req: NextRequest, { kind, multipart, limit }: { kind: BodyKind; multipart: boolean; limit: BodyLimit }): Promise<RawBody> {
  if (kind === 'none') return { json: undefined, form: null }
  const type = req.headers.get('content-type') ?? ''
  if (kind === 'form') {
    const form = await parseForm(cappedStream(req, limit) ?? new ReadableStream({ start: (c) => c.close() }), type)
    return { json: Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')), form }
  }
  const bytes = await readCapped(req, limit)
  const text = new TextDecoder().decode(bytes)
  if (text.trim() === '') return { json: undefined, form: null }
  // A body a browser form or a cross-site `fetch` without preflight can send (text/plain) is refused:
  // a JSON route reads JSON only (415 / 41500).
  if (!multipart && !isJsonType(type.toLowerCase())) throw new AppError('unsupported_media_type', 'jsonRequired')
  try {
    return { json: JSON.parse(text), form: null }
  } catch {
    throw new AppError('bad_request', 'malformedJson')
  }
}
