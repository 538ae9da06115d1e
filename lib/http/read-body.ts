import type { NextRequest } from 'next/server'
import { AppError } from './app-error'

export type RawBody = { json: unknown; form: FormData | null }

// Bodies are buffered before validation, so refuse oversized ones from their declared length first.
// Multipart carries one subtitle file (5 MB at most) or an avatar, plus a little form overhead.
const MAX_MULTIPART_BYTES = 6 * 1024 * 1024
const MAX_JSON_BYTES = 1024 * 1024

function declaredLength(req: NextRequest): number {
  const value = Number(req.headers.get('content-length'))
  return Number.isFinite(value) ? value : 0
}

/** Reads a request body without ever throwing anything but a 40000: JSON, or multipart when allowed. */
export async function readBody(req: NextRequest, { multipart }: { multipart: boolean }): Promise<RawBody> {
  if (req.method === 'GET' || req.method === 'HEAD') return { json: undefined, form: null }
  const type = req.headers.get('content-type')?.toLowerCase() ?? ''
  if (type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')) {
    if (!multipart) throw new AppError('bad_request', 'unsupportedContentType')
    if (declaredLength(req) > MAX_MULTIPART_BYTES) throw new AppError('bad_request', 'fileTooLarge')
    try {
      const form = await req.formData()
      return { json: Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')), form }
    } catch {
      throw new AppError('bad_request', 'malformedBody')
    }
  }
  if (declaredLength(req) > MAX_JSON_BYTES) throw new AppError('bad_request', 'bodyTooLarge')
  let text: string
  try {
    text = await req.text()
  } catch {
    throw new AppError('bad_request', 'malformedBody')
  }
  if (text.trim() === '') return { json: undefined, form: null }
  try {
    return { json: JSON.parse(text), form: null }
  } catch {
    throw new AppError('bad_request', 'malformedJson')
  }
}
