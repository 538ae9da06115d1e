import { deflateSync } from 'node:zlib'

/** Whisper's own sign of a decoding loop: a compression ratio above this (docs/architecture.md, Speech to subtitles). */
export const LOOP_COMPRESSION_RATIO = 2.4
/** One word said this many times in a row, or a phrase of 2 to 8 words 3 times, is a loop. */
const SAME_WORD_TIMES = 4
const SAME_PHRASE_TIMES = 3

/** Whisper's compression ratio of a text: its UTF-8 length over its zlib-compressed length. */
export function compressionRatio(text: string): number {
  const bytes = Buffer.from(text, 'utf8')
  return bytes.length === 0 ? 0 : bytes.length / deflateSync(bytes).length
}

const token = (word: string) => word.normalize('NFKC').toLowerCase().replace(/[\p{P}\p{S}]+/gu, '')

/**
 * Where words start repeating in a loop: the index of the first repeat (the first occurrence is
 * kept) and the index past the last, or null. A stammer ("the the") is not a loop.
 */
export function findLoop(words: readonly string[]): { from: number; to: number } | null {
  const tokens = words.map(token)
  for (let start = 0; start < tokens.length; start++) {
    for (let n = 1; n <= 8 && start + n * 2 <= tokens.length; n++) {
      const unit = tokens.slice(start, start + n)
      if (unit.every((t) => t === '')) continue
      let times = 1
      while (start + (times + 1) * n <= tokens.length && unit.every((t, i) => tokens[start + times * n + i] === t)) times++
      if (times >= (n === 1 ? SAME_WORD_TIMES : SAME_PHRASE_TIMES)) return { from: start + n, to: start + times * n }
    }
  }
  return null
}
