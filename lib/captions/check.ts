import { speakersAllowed } from './dialogue'
import { captionLimits, MAX_CUE_MS, MIN_CUE_MS, MIN_GAP_MS, splitsArticle, visibleLength } from './rules'

export type CueToCheck = { startMs: number; endMs: number; text: string; speakers?: readonly string[] }

export type CueRule = 'lines' | 'lineLength' | 'maxDuration' | 'minDuration' | 'gap' | 'readingSpeed' | 'article' | 'speakers'

export type Violation = { index: number; rule: CueRule; detail: string }

/**
 * Every rule of rules.ts a list of cues breaks, cue by cue. Reading speed and the shortest
 * duration are asked for "wherever the speech allows": a cue breaks them only when the silence
 * after it (up to 83 ms before the next cue, within 7 s) left room to be lengthened. A cue mixes
 * speakers only as a dialogue cue (two dash lines, one per speaker).
 */
export function checkCues(cues: readonly CueToCheck[], language: string): Violation[] {
  const limits = captionLimits(language)
  const out: Violation[] = []
  cues.forEach((cue, index) => {
    const lines = cue.text.split(/\r?\n/)
    const duration = cue.endMs - cue.startMs
    const next = cues[index + 1]
    const room = next ? next.startMs - MIN_GAP_MS - cue.endMs : Infinity
    const canGrow = room > 0 && duration < MAX_CUE_MS
    if (lines.length > limits.maxLines) out.push({ index, rule: 'lines', detail: `${lines.length} lines` })
    for (const line of lines) {
      if (visibleLength(line) > limits.maxLineChars) out.push({ index, rule: 'lineLength', detail: `${visibleLength(line)} characters: ${line}` })
    }
    if (duration > MAX_CUE_MS) out.push({ index, rule: 'maxDuration', detail: `${duration} ms` })
    if (duration < MIN_CUE_MS && canGrow) out.push({ index, rule: 'minDuration', detail: `${duration} ms` })
    if (next && next.startMs - cue.endMs < MIN_GAP_MS) out.push({ index, rule: 'gap', detail: `${next.startMs - cue.endMs} ms to the next cue` })
    const chars = lines.reduce((sum, line) => sum + visibleLength(line), 0)
    const cps = duration > 0 ? (chars * 1000) / duration : Infinity
    if (cps > limits.maxCps + 1e-9 && canGrow) out.push({ index, rule: 'readingSpeed', detail: `${cps.toFixed(1)} characters a second` })
    // A line or the cue that ends on an article parts it from its noun on the next line or cue.
    const words = lines.map((line) => line.trim().split(/\s+/))
    const following = (i: number) => (i + 1 < words.length ? words[i + 1][0] : next?.text.trim().split(/\s+/)[0])
    const parted = words.findIndex((w, i) => splitsArticle(w[w.length - 1], following(i), language))
    if (parted >= 0) out.push({ index, rule: 'article', detail: `a line ends on "${words[parted][words[parted].length - 1]}"` })
    if (!speakersAllowed(cue.text, cue.speakers)) out.push({ index, rule: 'speakers', detail: `${cue.speakers?.join(', ')} in one cue` })
  })
  return out
}
