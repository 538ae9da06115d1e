// Subtitle timestamps: lenient reading, one canonical writing (HH:MM:SS,mmm).

const MS_PER_SECOND = 1000
const MS_PER_MINUTE = 60_000
const MS_PER_HOUR = 3_600_000

// Lookup tables, because formatting runs once per timestamp on files with 100k+ cues.
const TWO_DIGITS: string[] = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'))
const THREE_DIGITS: string[] = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'))

/**
 * Formats milliseconds as `HH:MM:SS,mmm` (or with `.` for WebVTT).
 * Rule: negative and non-finite input clamps to 0, fractions are rounded, hours keep at least two digits.
 */
export function formatMs(ms: number, separator: ',' | '.' = ','): string {
  const total = Number.isFinite(ms) && ms > 0 ? Math.round(ms) : 0
  const hours = Math.floor(total / MS_PER_HOUR)
  const minutes = Math.floor((total % MS_PER_HOUR) / MS_PER_MINUTE)
  const seconds = Math.floor((total % MS_PER_MINUTE) / MS_PER_SECOND)
  const millis = total % MS_PER_SECOND
  const hh = hours < 100 ? TWO_DIGITS[hours] : String(hours)
  return hh + ':' + TWO_DIGITS[minutes] + ':' + TWO_DIGITS[seconds] + separator + THREE_DIGITS[millis]
}

/**
 * Where the last successful `scanTime` stopped. A shared mutable record instead of a returned object
 * so the parser's hot loop allocates nothing per timestamp.
 */
export const scanState = { end: 0 }

const CODE_0 = 48
const CODE_COLON = 58
const CODE_COMMA = 44
const CODE_DOT = 46

// Position after the digits read by the last `readNumber` call.
let digitsEnd = 0

/** Reads up to `maxDigits` decimal digits; -1 when there are none. */
function readNumber(text: string, pos: number, end: number, maxDigits: number): number {
  let value = 0
  let i = pos
  const stop = Math.min(end, pos + maxDigits)
  while (i < stop) {
    const digit = text.charCodeAt(i) - CODE_0
    if (digit < 0 || digit > 9) break
    value = value * 10 + digit
    i++
  }
  digitsEnd = i
  return i === pos ? -1 : value
}

function isDigitAt(text: string, i: number, end: number): boolean {
  if (i >= end) return false
  const digit = text.charCodeAt(i) - CODE_0
  return digit >= 0 && digit <= 9
}

/**
 * Reads one timestamp at `text[pos]` (no leading whitespace), stopping before `end`.
 * Rule: `H:MM:SS,mmm` with 1-3 hour digits, 1-2 minute and second digits, `,` or `.` (or nothing)
 * before 1-3 fraction digits read as a decimal fraction (",5" is 500 ms); minutes and seconds must be
 * below 60. Returns milliseconds and sets `scanState.end`, or returns -1 when there is no timestamp.
 */
export function scanTime(text: string, pos: number, end: number): number {
  const hours = readNumber(text, pos, end, 3)
  if (hours < 0 || digitsEnd >= end || text.charCodeAt(digitsEnd) !== CODE_COLON) return -1
  const minutes = readNumber(text, digitsEnd + 1, end, 2)
  if (minutes < 0 || minutes > 59 || digitsEnd >= end || text.charCodeAt(digitsEnd) !== CODE_COLON) return -1
  const seconds = readNumber(text, digitsEnd + 1, end, 2)
  if (seconds < 0 || seconds > 59) return -1
  let i = digitsEnd
  let millis = 0
  if (i < end) {
    const sep = text.charCodeAt(i)
    if ((sep === CODE_COMMA || sep === CODE_DOT) && isDigitAt(text, i + 1, end)) {
      i++
      let scale = 100
      // Digits past the third are finer than a millisecond; they are read and dropped.
      while (isDigitAt(text, i, end)) {
        millis += (text.charCodeAt(i) - CODE_0) * scale
        scale = scale >= 10 ? scale / 10 : 0
        i++
      }
    }
  }
  // A digit right after the seconds means this was not a timestamp (e.g. "00:00:123").
  if (isDigitAt(text, i, end)) return -1
  scanState.end = i
  return hours * MS_PER_HOUR + minutes * MS_PER_MINUTE + seconds * MS_PER_SECOND + millis
}

/**
 * Parses one timestamp string such as `01:02:03,456`, `1:02:03.4` or `00:00:05`.
 * Rule: surrounding whitespace is ignored; anything else left over makes it invalid (returns null).
 */
export function parseTime(value: string): number | null {
  const trimmed = value.trim()
  const ms = scanTime(trimmed, 0, trimmed.length)
  return ms >= 0 && scanState.end === trimmed.length ? ms : null
}
