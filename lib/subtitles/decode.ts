// Turning uploaded bytes into text: BOMs first, then strict UTF-8, then a guessed legacy encoding.
import chardet from 'chardet'
import iconv from 'iconv-lite'
import { legacySample, rankLegacyEncodings } from '@/lib/subtitles/legacy-encoding'

type BomEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'utf-32le' | 'utf-32be'

/** Order matters: the UTF-32 LE mark starts with the UTF-16 LE one. */
function bomEncoding(b: Uint8Array): BomEncoding | null {
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xfe && b[2] === 0 && b[3] === 0) return 'utf-32le'
  if (b.length >= 4 && b[0] === 0 && b[1] === 0 && b[2] === 0xfe && b[3] === 0xff) return 'utf-32be'
  if (b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return 'utf-8'
  if (b.length >= 2 && b[0] === 0xff && b[1] === 0xfe) return 'utf-16le'
  if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff) return 'utf-16be'
  return null
}

const UTF16_SAMPLE_BYTES = 4096

/**
 * UTF-16 saved without a BOM: text that is mostly ASCII puts a zero in every other byte, on the odd
 * side for little endian and the even side for big endian.
 */
function bomlessUtf16(b: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const n = Math.min(b.length, UTF16_SAMPLE_BYTES) & ~1
  if (n < 4) return null
  let evenZeros = 0
  let oddZeros = 0
  for (let i = 0; i < n; i += 2) {
    if (b[i] === 0) evenZeros++
    if (b[i + 1] === 0) oddZeros++
  }
  const pairs = n / 2
  if (oddZeros > pairs * 0.3 && evenZeros < pairs * 0.02) return 'utf-16le'
  if (evenZeros > pairs * 0.3 && oddZeros < pairs * 0.02) return 'utf-16be'
  return null
}

function decodeStrictUtf8(b: Uint8Array): string | null {
  try {
    // fatal: any invalid sequence throws, which is what tells us the file is not UTF-8.
    return new TextDecoder('utf-8', { fatal: true }).decode(b)
  } catch {
    return null
  }
}

function countReplacements(text: string): number {
  let count = 0
  for (let i = text.indexOf('\ufffd'); i !== -1; i = text.indexOf('\ufffd', i + 1)) count++
  return count
}

/**
 * Picks a legacy encoding from chardet's ranking (weighted by our priors). Rule: the first candidate
 * that decodes the sample without replacement characters wins, else the one with the fewest; with no
 * usable candidate, Windows-1252 (every byte decodes, Latin text is the likeliest).
 */
function guessLegacyEncoding(b: Uint8Array): string {
  const sample = legacySample(b)
  let best: string | null = null
  let bestBad = Infinity
  for (const encoding of rankLegacyEncodings(chardet.analyse(sample))) {
    const bad = countReplacements(iconv.decode(sample, encoding))
    if (bad === 0) return encoding
    if (bad < bestBad) {
      best = encoding
      bestBad = bad
    }
  }
  return best ?? 'windows-1252'
}

/**
 * Decodes an uploaded subtitle file to a string without BOM.
 * Rules: a BOM decides (UTF-8, UTF-16 LE/BE, UTF-32 LE/BE); BOM-less UTF-16 is recognised by its
 * zero bytes; otherwise valid UTF-8 always wins (ASCII included); only bytes that are not valid
 * UTF-8 are decoded with the legacy encoding detected from their content (GBK/GB18030, Big5,
 * Shift-JIS, EUC-KR, EUC-JP, Windows-1250/1251/1252 and other single-byte code pages).
 */
export function decodeSubtitleBytes(bytes: Uint8Array): string {
  const bom = bomEncoding(bytes)
  if (bom === 'utf-8') return new TextDecoder('utf-8').decode(bytes)
  if (bom) return iconv.decode(bytes, bom)
  const utf16 = bomlessUtf16(bytes)
  if (utf16) return iconv.decode(bytes, utf16)
  const utf8 = decodeStrictUtf8(bytes)
  if (utf8 !== null) return utf8
  return iconv.decode(bytes, guessLegacyEncoding(bytes))
}

const BINARY_SAMPLE_BYTES = 65_536
const MAX_CONTROL_RATIO = 0.02

/**
 * True when the bytes look like a binary file rather than text, so the upload can be refused.
 * Rules: files with a Unicode BOM or the BOM-less UTF-16 pattern are text; otherwise, within the
 * first 64 KB, any NUL byte, or more than 2% control characters other than tab, LF, FF, CR and ESC,
 * means binary. An empty file is not binary (the parser reports it as empty).
 */
export function isLikelyBinary(bytes: Uint8Array): boolean {
  if (bytes.length === 0 || bomEncoding(bytes) || bomlessUtf16(bytes)) return false
  const n = Math.min(bytes.length, BINARY_SAMPLE_BYTES)
  let controls = 0
  for (let i = 0; i < n; i++) {
    const byte = bytes[i]
    if (byte === 0) return true
    if ((byte < 0x20 && byte !== 9 && byte !== 10 && byte !== 12 && byte !== 13 && byte !== 27) || byte === 0x7f) {
      controls++
    }
  }
  return controls > n * MAX_CONTROL_RATIO
}
