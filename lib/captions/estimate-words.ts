// Word times for a provider that answers segments only (no word timestamps): estimated from the
// speech inside the segment. Pauses found in the sound are matched to the places in the text where
// a pause is likeliest (sentence and clause ends, and where the text's share so far meets the
// speech's share so far); words then fill only the speech between pauses, never a pause itself.
import type { TimedWord } from './build'
import { endsClause, endsSentence, joinsWithoutSpaces } from './rules'
import { speechIn, type Span } from './speech'

/** Cost of leaving a pause inside a word instead of between two (a fraction of the text). */
const SKIP_PAUSE_COST = 0.15
/** How much likelier a pause is after a sentence or clause end (in shares of the text), for a pause of PAUSE_FULL_MS or more. */
const SENTENCE_BONUS = 0.2
const CLAUSE_BONUS = 0.1
const PAUSE_FULL_MS = 600

const PUNCTUATION = /^[\p{P}\p{S}]+$/u

/** The words of a segment's text; in Chinese, Japanese and Thai each character is one, punctuation kept with the one before. */
export function splitWords(text: string, language: string): string[] {
  const tokens = text.trim().split(/\s+/).filter(Boolean)
  if (!joinsWithoutSpaces(language)) return tokens
  const out: string[] = []
  for (const token of tokens) {
    for (const char of Array.from(token)) {
      if (PUNCTUATION.test(char) && out.length > 0) out[out.length - 1] += char
      else out.push(char)
    }
  }
  return out
}

const weight = (word: string) => Math.max(1, Array.from(word.replace(/[\p{P}\p{S}]/gu, '')).length)

/** Positions within `runs` (sorted, not overlapping) at a share of their total length. */
function voicedAt(runs: readonly Span[], share: number): number {
  const total = runs.reduce((sum, r) => sum + r.endMs - r.startMs, 0)
  let left = share * total
  for (const r of runs) {
    const length = r.endMs - r.startMs
    if (left <= length) return r.startMs + left
    left -= length
  }
  return runs[runs.length - 1].endMs
}

/** Words spread over the speech of `runs` by their length in characters. */
function spread(words: readonly string[], runs: readonly Span[]): TimedWord[] {
  const weights = words.map(weight)
  const total = weights.reduce((a, b) => a + b, 0)
  let done = 0
  return words.map((text, i) => {
    const startMs = Math.round(voicedAt(runs, done / total))
    done += weights[i]
    // A word ending at a pause ends where the speech before it ends, not inside the pause.
    const endMs = Math.round(voicedAt(runs, done / total))
    return { text, startMs, endMs: Math.max(startMs, endMs) }
  })
}

/**
 * Which pause falls after which word: a monotonic matching of the pauses to the gaps between words
 * (dynamic programming), each pause either given a gap or left inside a word. Answers, per pause,
 * the index of the word it follows, or -1.
 */
function matchPauses(words: readonly string[], runs: readonly Span[]): number[] {
  const weights = words.map(weight)
  const total = weights.reduce((a, b) => a + b, 0)
  const textShare: number[] = []
  let sum = 0
  for (let k = 0; k < words.length - 1; k++) textShare.push((sum += weights[k]) / total)
  const voiced = runs.reduce((s, r) => s + r.endMs - r.startMs, 0)
  const pauseShare: number[] = []
  let acc = 0
  for (let j = 0; j < runs.length - 1; j++) pauseShare.push((acc += runs[j].endMs - runs[j].startMs) / voiced)
  // A long pause is likelier at a sentence end than a short one.
  const bonus = (k: number, j: number) => (endsSentence(words[k]) ? SENTENCE_BONUS : endsClause(words[k]) ? CLAUSE_BONUS : 0) * Math.min(1, (runs[j + 1].startMs - runs[j].endMs) / PAUSE_FULL_MS)
  const [P, B] = [pauseShare.length, textShare.length]
  // cost[j][k]: best cost with pauses < j and gaps < k decided.
  const cost = Array.from({ length: P + 1 }, () => new Float64Array(B + 1).fill(Infinity))
  const move = Array.from({ length: P + 1 }, () => new Int8Array(B + 1))
  cost[0][0] = 0
  for (let j = 0; j <= P; j++) {
    for (let k = 0; k <= B; k++) {
      const here = cost[j][k]
      if (here === Infinity) continue
      if (k < B && here < cost[j][k + 1]) [cost[j][k + 1], move[j][k + 1]] = [here, 1]
      if (j < P && here + SKIP_PAUSE_COST < cost[j + 1][k]) [cost[j + 1][k], move[j + 1][k]] = [here + SKIP_PAUSE_COST, 2]
      if (j < P && k < B) {
        const matched = here + Math.abs(textShare[k] - pauseShare[j]) - bonus(k, j)
        if (matched < cost[j + 1][k + 1]) [cost[j + 1][k + 1], move[j + 1][k + 1]] = [matched, 3]
      }
    }
  }
  const after = new Array<number>(P).fill(-1)
  let [j, k] = [P, B]
  while (j > 0 || k > 0) {
    const m = move[j][k]
    if (m === 3) after[j - 1] = k - 1
    if (m !== 1) j--
    if (m !== 2) k--
  }
  return after
}

/**
 * Timed words for a segment answered without them. Rules: the words are the segment's text
 * (punctuation kept); with no speech found inside the segment, they are spread over it by length;
 * otherwise each pause in the speech is matched to a gap between words (matchPauses), and each run
 * of words fills only the speech between its pauses.
 */
export function estimateWordTimes(segment: { startMs: number; endMs: number; text: string }, spans: readonly Span[], language: string): TimedWord[] {
  const words = splitWords(segment.text, language)
  if (words.length === 0) return []
  const runs = speechIn(spans, segment.startMs, segment.endMs).filter((r) => r.endMs > r.startMs)
  if (runs.length === 0) return spread(words, [{ startMs: segment.startMs, endMs: Math.max(segment.endMs, segment.startMs + 1) }])
  const after = matchPauses(words, runs)
  const out: TimedWord[] = []
  let [firstWord, firstRun] = [0, 0]
  for (let j = 0; j <= after.length; j++) {
    if (j < after.length && after[j] < 0) continue
    const lastWord = j < after.length ? after[j] : words.length - 1
    out.push(...spread(words.slice(firstWord, lastWord + 1), runs.slice(firstRun, j + 1)))
    ;[firstWord, firstRun] = [lastWord + 1, j + 1]
  }
  return out
}
