import { z } from 'zod'
import { AppError } from '@/lib/errors'
import { MAX_AUDIO_MS } from '@/lib/transcribe/universal/limits'

// A part's creation names its recording, its place and its start in tus `Upload-Metadata`
// (`key base64value` pairs, comma-separated). Read here before the tus server sees it, so a
// malformed header is refused in the API's envelope, never by the database.

/** C0 and C1 control characters (NUL, line breaks, escapes…): never part of a file name. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/

export const partMetadataSchema = z.object({
  filename: z.string().trim().min(1).max(255),
  part: z.coerce.number().int().min(0).max(15),
  startMs: z.coerce.number().int().min(0).max(MAX_AUDIO_MS),
})

export type PartMetadata = z.infer<typeof partMetadataSchema>

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

/**
 * Reads a creation's `Upload-Metadata`. Rules: well-formed pairs only, each value valid UTF-8
 * with no control character, `filename`, `part` and `startMs` present and in range; anything
 * else is 40000 `uploadMetadataInvalid`.
 */
export function readPartMetadata(header: string | null): PartMetadata {
  const refuse = () => new AppError('bad_request', 'uploadMetadataInvalid')
  if (!header || header.length > 4096) throw refuse()
  const values: Record<string, string> = {}
  for (const pair of header.split(',')) {
    const [key, value = '', ...rest] = pair.trim().split(' ')
    if (!key || rest.length > 0 || !BASE64.test(value) || value.length % 4 !== 0 || key in values) throw refuse()
    const bytes = Buffer.from(value, 'base64')
    let text: string
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    } catch {
      throw refuse()
    }
    if (CONTROL.test(text)) throw refuse()
    values[key] = text
  }
  const parsed = partMetadataSchema.safeParse(values)
  if (!parsed.success) throw refuse()
  return parsed.data
}
