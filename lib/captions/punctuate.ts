import type { TimedWord } from './build'

/**
 * Speech-to-text word timestamps come without punctuation (OpenAI's `words`), while its segments
 * carry punctuated text. This puts each segment's punctuation back onto the words: walking the
 * text in order, the characters between two words go to the word before, except what touches the
 * next word across a space (an opening quote, ¿). Words not found in the text are kept as they are.
 */
export function punctuateWords(words: readonly TimedWord[], segmentTexts: readonly string[]): TimedWord[] {
  const text = segmentTexts.map((t) => t.trim()).join(' ')
  const lower = text.toLocaleLowerCase()
  const out = words.map((w) => ({ ...w, text: w.text.trim() }))
  let cursor = 0
  let previous = -1
  let previousEnd = 0
  const attach = (between: string, nextIndex: number) => {
    if (between === '') return
    const parts = between.split(/(\s+)/)
    const trailing = parts[0]
    const leading = parts.length > 1 ? parts[parts.length - 1] : ''
    if (previous >= 0 && trailing) out[previous].text += trailing
    if (nextIndex >= 0 && leading) out[nextIndex].text = leading + out[nextIndex].text
  }
  out.forEach((word, i) => {
    if (word.text === '') return
    const at = lower.indexOf(word.text.toLocaleLowerCase(), cursor)
    // Far away means another word of the same spelling: this one is not in the text.
    if (at < 0 || at - cursor > 40) return
    attach(text.slice(previousEnd, at), i)
    previous = i
    previousEnd = at + word.text.length
    cursor = previousEnd
  })
  if (previous >= 0) out[previous].text += text.slice(previousEnd).split(/\s/)[0]
  return out
}
