// chardet's names mapped to the iconv-lite decoders we trust for subtitle files.
import type { EncodingName } from 'chardet'

type Decoder = { encoding: string; prior: number }

/**
 * iconv-lite decoder and prior weight per chardet name. Priors break chardet's ties and near-ties on
 * short files (it scores every plausible multi-byte set at 10 when it has little evidence) in favour
 * of what our users actually upload: Chinese first, then the other big legacy code pages, with rarer
 * code pages discounted. Latin-1 is read as Windows-1252: real files labelled Latin-1 are almost
 * always 1252, whose 0x80-0x9F bytes are curly quotes and dashes instead of invisible C1 controls.
 * GB18030 is a superset of GBK, so it decodes both. UTF names are absent: BOMs and UTF-8 are settled
 * before detection runs.
 */
const DECODERS: Partial<Record<EncodingName, Decoder>> = {
  GB18030: { encoding: 'gb18030', prior: 1 },
  Big5: { encoding: 'big5', prior: 0.95 },
  Shift_JIS: { encoding: 'shift_jis', prior: 0.9 },
  'EUC-KR': { encoding: 'euc-kr', prior: 0.9 },
  'EUC-JP': { encoding: 'euc-jp', prior: 0.7 },
  'ISO-8859-1': { encoding: 'windows-1252', prior: 1 },
  'windows-1252': { encoding: 'windows-1252', prior: 1 },
  'windows-1251': { encoding: 'windows-1251', prior: 1 },
  'windows-1250': { encoding: 'windows-1250', prior: 1 },
  'ISO-8859-2': { encoding: 'iso-8859-2', prior: 0.9 },
  'ISO-8859-5': { encoding: 'iso-8859-5', prior: 0.6 },
  'ISO-8859-6': { encoding: 'iso-8859-6', prior: 0.6 },
  'ISO-8859-7': { encoding: 'iso-8859-7', prior: 0.6 },
  'ISO-8859-8': { encoding: 'iso-8859-8', prior: 0.6 },
  'ISO-8859-9': { encoding: 'iso-8859-9', prior: 0.6 },
  'KOI8-R': { encoding: 'koi8-r', prior: 0.6 },
  'windows-1253': { encoding: 'windows-1253', prior: 0.6 },
  'windows-1254': { encoding: 'windows-1254', prior: 0.6 },
  'windows-1255': { encoding: 'windows-1255', prior: 0.6 },
  'windows-1256': { encoding: 'windows-1256', prior: 0.6 },
  'windows-1257': { encoding: 'windows-1257', prior: 0.6 },
  'windows-1258': { encoding: 'windows-1258', prior: 0.6 },
  'windows-874': { encoding: 'windows-874', prior: 0.6 },
}

/**
 * Ranks chardet's matches as decodable encodings, best first. Rule: score = confidence x prior;
 * names we do not decode this way and zero-confidence matches are dropped.
 */
export function rankLegacyEncodings(matches: readonly { name: EncodingName; confidence: number }[]): string[] {
  const scored: { encoding: string; score: number }[] = []
  for (const match of matches) {
    const decoder = DECODERS[match.name]
    if (decoder && match.confidence > 0) scored.push({ encoding: decoder.encoding, score: match.confidence * decoder.prior })
  }
  // Stable sort keeps chardet's order between equal scores.
  return [...new Set(scored.sort((a, b) => b.score - a.score).map((entry) => entry.encoding))]
}

const SAMPLE_BYTES = 65_536
const LF = 0x0a

type LineKind = 'high' | 'letters' | 'other'

function lineKind(bytes: Uint8Array, start: number, end: number): LineKind {
  let hasLetter = false
  for (let i = start; i < end; i++) {
    const byte = bytes[i]
    if (byte >= 0x80) return 'high'
    if (!hasLetter && ((byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a))) hasLetter = true
  }
  return hasLetter ? 'letters' : 'other'
}

/** Appends the lines of `kind` to `sample` from offset `size` while they fit; returns the new size. */
function collectLines(bytes: Uint8Array, kind: LineKind, sample: Uint8Array, size: number): number {
  let start = 0
  while (start < bytes.length && size < sample.length) {
    let end = bytes.indexOf(LF, start)
    if (end === -1) end = bytes.length
    if (lineKind(bytes, start, end) === kind) {
      const take = Math.min(end + 1, bytes.length) - start
      if (size + take > sample.length) break
      sample.set(bytes.subarray(start, start + take), size)
      size += take
    }
    start = end + 1
  }
  return size
}

/**
 * Up to 64 KB of the file's text lines for chardet, which is slow on whole 5 MB files and learns
 * nothing from index and timing lines: first the lines holding non-ASCII bytes (the evidence), then
 * plain lines with letters (context for the single-byte language models). Cutting at LF is safe
 * because no supported multi-byte encoding uses 0x0A inside a character.
 */
export function legacySample(bytes: Uint8Array, maxBytes = SAMPLE_BYTES): Uint8Array {
  const sample = new Uint8Array(Math.min(bytes.length, maxBytes))
  let size = collectLines(bytes, 'high', sample, 0)
  if (size > 0) size = collectLines(bytes, 'letters', sample, size)
  // A single huge line (no usable LF) still gets analysed, from its start.
  return size > 0 ? sample.subarray(0, size) : bytes.subarray(0, maxBytes)
}
