import 'server-only'
import { AppError } from '@/lib/errors'
import { decodeSubtitleBytes, isLikelyBinary, SrtError, type Cue } from '@/lib/subtitles'
import { detectLanguage } from '@/lib/languages'
import { MAX_CUE_CHARS, MAX_UPLOAD_BYTES, priceCues, type PricedBy } from '@/lib/pricing'
import { formatFromFileName, parseSubtitleOrThrow, type SubtitleFormat } from '@/lib/subtitles/format'

export type SubtitleUpload = { fileName: string; bytes: Uint8Array; format?: SubtitleFormat }

// "No cue" is worded for the file's own format (messages/*.json).
const INVALID_KEY = { srt: 'srtInvalid', vtt: 'vttInvalid', ass: 'assInvalid' } as const

export type AnalysedSubtitle = {
  cues: Cue[]
  detectedLanguage: string
  /** End of the last cue, in ms. */
  durationMs: number
  /** Time needed to read all the text, in ms. */
  readingMs: number
  /** Which of the two set the cost (lib/pricing/cost.ts). */
  pricedBy: PricedBy
  cost: number
  /** The decoded file, kept for VTT and ASS so an export can write it back around the new text. */
  source: string | null
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
 * Reads the `file` field of an upload. Rules (docs/product.md, Uploads): present, named `.srt`, `.vtt`,
 * `.ass` or `.ssa` (any case), not empty, at most 5242880 bytes; each failure is a 40000 with its
 * own message.
 */
export async function readSubtitleUpload(form: FormData | null): Promise<SubtitleUpload> {
  const file = form?.get('file') ?? null
  if (!isFile(file)) throw new AppError('bad_request', 'fileRequired')
  return readSubtitleFile(file)
}

/** One uploaded file checked as above (also each file of a batch). */
export async function readSubtitleFile(file: FormDataEntryValue): Promise<SubtitleUpload> {
  if (!isFile(file)) throw new AppError('bad_request', 'fileRequired')
  const format = formatFromFileName(file.name)
  if (!format) throw new AppError('bad_request', 'fileTypeUnsupported')
  if (file.size === 0) throw new AppError('bad_request', 'fileEmpty')
  if (file.size > MAX_UPLOAD_BYTES) throw new AppError('bad_request', 'fileTooLarge')
  return { fileName: cleanFileName(file.name), bytes: new Uint8Array(await file.arrayBuffer()), format }
}

/**
 * Decodes, parses and prices a subtitle file of the given format. Rules: binary content is refused;
 * an empty file is "file cannot be empty", no cue is "SRT (VTT, ASS) file format incorrect or
 * content empty"; the language is
 * detected from the cue text; a cue longer than MAX_CUE_CHARS is refused (40000 naming it); the
 * cost is 10 points per started minute of the later of duration and reading time (lib/pricing/cost.ts).
 */
export function analyseSubtitle(bytes: Uint8Array, format: SubtitleFormat = 'srt'): AnalysedSubtitle {
  if (isLikelyBinary(bytes)) throw new AppError('bad_request', 'fileBinary')
  let cues: Cue[]
  // A NUL past the binary check's sample (or encoded in UTF-16) cannot be stored in PostgreSQL text.
  const text = decodeSubtitleBytes(bytes).replace(/\u0000/g, '')
  try {
    cues = parseSubtitleOrThrow(text, format)
  } catch (error) {
    if (error instanceof SrtError) throw new AppError('bad_request', error.code === 'empty_file' ? 'fileEmpty' : INVALID_KEY[format])
    throw error
  }
  const long = cues.findIndex((cue) => cue.text.length > MAX_CUE_CHARS)
  if (long >= 0) throw new AppError('bad_request', 'cueTooLong', { index: long + 1, max: MAX_CUE_CHARS })
  const { durationMs, readingMs, pricedBy, cost } = priceCues(cues)
  return { cues, detectedLanguage: detectLanguage(cues), durationMs, readingMs, pricedBy, cost, source: format === 'srt' ? null : text }
}
