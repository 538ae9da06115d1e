import 'server-only'
import { AppError } from '@/lib/http/app-error'
import { computeCost, decodeSubtitleBytes, detectLanguage, isLikelyBinary, MAX_UPLOAD_BYTES, parseSrtOrThrow, SrtError, type Cue } from '@/lib/srt'

export type SubtitleUpload = { fileName: string; bytes: Uint8Array }

export type AnalysedSubtitle = {
  cues: Cue[]
  detectedLanguage: string
  /** End of the last cue, in ms (what the cost is computed from). */
  durationMs: number
  cost: number
}

function isFile(value: FormDataEntryValue | null): value is File {
  return typeof value === 'object' && value !== null && typeof (value as Blob).arrayBuffer === 'function'
}

/**
 * Keeps a file name usable as a storage key part and in a download header: no folders, no
 * control or bidi-override characters or slashes, at most 200 characters.
 */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  // Control characters, and the bidi controls that could make `x‮trs.exe` look like another name.
  const cleaned = base
    .replace(/[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(LONE_SURROGATE, '\ufffd')
    .trim()
  if (cleaned.length <= 200) return cleaned || 'subtitles.srt'
  // Cut between code points, never inside a surrogate pair (a lone half breaks percent-encoding).
  let cut = ''
  for (const char of cleaned) {
    if (cut.length + char.length > 196) break
    cut += char
  }
  return cut + '.srt'
}

/** Half of a UTF-16 surrogate pair standing alone (not valid Unicode text). */
export const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/**
 * Reads the `file` field of an upload. Rules (spec section 5): present, named `.srt` (any case),
 * not empty, at most 5242880 bytes; each failure is a 40000 with the spec's message.
 */
export async function readSubtitleUpload(form: FormData | null): Promise<SubtitleUpload> {
  const file = form?.get('file') ?? null
  if (!isFile(file)) throw new AppError('bad_request', 'fileRequired')
  if (!/\.srt$/i.test(file.name.trim())) throw new AppError('bad_request', 'fileTypeUnsupported')
  if (file.size === 0) throw new AppError('bad_request', 'fileEmpty')
  if (file.size > MAX_UPLOAD_BYTES) throw new AppError('bad_request', 'fileTooLarge')
  return { fileName: cleanFileName(file.name), bytes: new Uint8Array(await file.arrayBuffer()) }
}

/**
 * Decodes, parses and prices a subtitle file. Rules: binary content is refused; an empty file is
 * "file cannot be empty", no cue is "SRT file format incorrect or content empty"; the language is
 * detected from the cue text and the cost is 10 points per started minute of the last cue's end.
 */
export function analyseSubtitle(bytes: Uint8Array): AnalysedSubtitle {
  if (isLikelyBinary(bytes)) throw new AppError('bad_request', 'fileBinary')
  let cues: Cue[]
  try {
    // A NUL past the binary check's sample (or encoded in UTF-16) cannot be stored in PostgreSQL text.
    cues = parseSrtOrThrow(decodeSubtitleBytes(bytes).replace(/\u0000/g, ''))
  } catch (error) {
    if (error instanceof SrtError) throw new AppError('bad_request', error.code === 'empty_file' ? 'fileEmpty' : 'srtInvalid')
    throw error
  }
  let durationMs = 0
  for (const cue of cues) if (cue.endMs > durationMs) durationMs = cue.endMs
  return { cues, detectedLanguage: detectLanguage(cues), durationMs, cost: computeCost(cues) }
}
