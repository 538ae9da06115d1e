// Turning uploaded bytes into text: BOMs first, then strict UTF-8, then a guessed legacy encoding.
import chardet from 'chardet'
import iconv from 'iconv-lite'
import { legacySample, rankLegacyEncodings } from '@/lib/subtitles/legacy-encoding'
import { plausibility } from '@/lib/subtitles/plausible-text'

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

const MULTI_BYTE = new Set(['gb18030', 'big5', 'shift_jis', 'euc-kr', 'euc-jp'])

/**
 * Single-byte code pages always weighed, whatever chardet ranks: its language models cannot tell
 * them apart reliably (Serbian or Croatian in Windows-1250 comes out first as Windows-1252). Listed
 * from the most common in subtitle files, the order that breaks ties.
 */
const SINGLE_BYTE_CANDIDATES = ['windows-1252', 'windows-1250', 'windows-1251', 'windows-1253', 'windows-1254', 'windows-1257', 'iso-8859-2']

/** chardet's choice: the first ranked encoding that decodes the sample without replacement characters, else the one with the fewest. */
function chardetChoice(sample: Uint8Array, ranked: readonly string[]): string | null {
  let best: string | null = null
  let bestBad = Infinity
  for (const encoding of ranked) {
    const bad = countReplacements(iconv.decode(sample, encoding))
    if (bad === 0) return encoding
    if (bad < bestBad) {
      best = encoding
      bestBad = bad
    }
  }
  return best
}

/** The sample's non-ASCII lines come first; 16 KB of them settle the code page and keep decoding fast. */
const PLAUSIBILITY_BYTES = 16_384

/** Whole lines of the sample up to `max` bytes (no supported encoding uses 0x0A inside a character). */
function firstLines(sample: Uint8Array, max: number): Uint8Array {
  if (sample.length <= max) return sample
  const cut = sample.lastIndexOf(0x0a, max - 1)
  return sample.subarray(0, cut > 0 ? cut + 1 : max)
}

/**
 * Picks a legacy encoding. Rules: chardet ranks the candidates (weighted by our priors); a
 * multi-byte choice (Chinese, Japanese, Korean) stands when it reads as plausible text, since
 * those decodings differ little in plausibility and chardet tells them apart better. Otherwise the
 * single-byte code pages (chardet's and the common ones) are decoded and the most plausible text
 * wins (`plausibility`: letters the language uses, no symbols or other scripts inside words),
 * ties going to the commoner code page. With no evidence at all, Windows-1252.
 */
function guessLegacyEncoding(b: Uint8Array): string {
  const sample = legacySample(b)
  const ranked = rankLegacyEncodings(chardet.analyse(sample))
  const choice = chardetChoice(sample, ranked)
  const evidence = firstLines(sample, PLAUSIBILITY_BYTES)
  const candidates = [...SINGLE_BYTE_CANDIDATES, ...ranked.filter((encoding) => !MULTI_BYTE.has(encoding))]
  if (choice && MULTI_BYTE.has(choice)) {
    if (plausibility(iconv.decode(evidence, choice)) >= 0) return choice
    candidates.unshift(choice)
  }
  let best = choice ?? 'windows-1252'
  let bestScore = -Infinity
  for (const encoding of new Set(candidates)) {
    const score = plausibility(iconv.decode(evidence, encoding))
    if (score > bestScore) {
      best = encoding
      bestScore = score
    }
  }
  return best
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
