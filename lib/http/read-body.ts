import type { NextRequest } from 'next/server'
import { AppError, type ErrorKey } from '@/lib/errors'

export type RawBody = { json: unknown; form: FormData | null }

// Bodies are buffered before validation, so they are read with a cap: refused at once from a
// declared length, and cut off while streaming when a chunked upload has none.
// Multipart carries one subtitle file (5 MB at most) or an avatar, plus a little form overhead.
const MAX_MULTIPART_BYTES = 6 * 1024 * 1024
const MAX_JSON_BYTES = 1024 * 1024

async function readCapped(req: NextRequest, max: number, tooLarge: ErrorKey): Promise<Buffer> {
  const declared = Number(req.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > max) throw new AppError('bad_request', tooLarge)
  if (!req.body) return Buffer.alloc(0)
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = req.body.getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > max) {
        await reader.cancel().catch(() => {})
        throw new AppError('bad_request', tooLarge)
      }
      chunks.push(value)
    }
  } catch (error) {
    if (error instanceof AppError) throw error
    throw new AppError('bad_request', 'malformedBody')
  }
  return Buffer.concat(chunks)
}

/** `application/json` or a `+json` type such as `application/merge-patch+json`, parameters ignored. */
function isJsonType(lowerContentType: string): boolean {
  const media = lowerContentType.split(';')[0].trim()
  return media === 'application/json' || (media.startsWith('application/') && media.endsWith('+json'))
}

/**
 * Reads a request body without ever throwing anything but a 40000 or, for a JSON route sent
 * another type of body, a 41500: JSON, or multipart when allowed.
 */
export async function readBody(req: NextRequest, { multipart, maxBytes = MAX_MULTIPART_BYTES }: { multipart: boolean; maxBytes?: number }): Promise<RawBody> {
  if (req.method === 'GET' || req.method === 'HEAD') return { json: undefined, form: null }
  const type = req.headers.get('content-type') ?? ''
  const lower = type.toLowerCase()
  if (lower.startsWith('multipart/form-data') || lower.startsWith('application/x-www-form-urlencoded')) {
    if (!multipart) throw new AppError('unsupported_media_type', 'jsonRequired')
    const bytes = await readCapped(req, maxBytes, 'fileTooLarge')
    try {
      const form = await new Response(new Blob([new Uint8Array(bytes)]), { headers: { 'content-type': type } }).formData()
      return { json: Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')), form }
    } catch {
      throw new AppError('bad_request', 'malformedBody')
    }
  }
  const bytes = await readCapped(req, MAX_JSON_BYTES, 'bodyTooLarge')
  const text = new TextDecoder().decode(bytes)
  if (text.trim() === '') return { json: undefined, form: null }
  // A body a browser form or a cross-site `fetch` without preflight can send (text/plain) is refused:
  // a JSON route reads JSON only (415 / 41500).
  if (!multipart && !isJsonType(lower)) throw new AppError('unsupported_media_type', 'jsonRequired')
  try {
    return { json: JSON.parse(text), form: null }
  } catch {
    throw new AppError('bad_request', 'malformedJson')
  }
}
