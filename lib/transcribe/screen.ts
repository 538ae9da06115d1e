// A provider's answer checked against the sound before any of it becomes a cue.
// Whisper-style models invent stock phrases over silence, loop a line for seconds and place
// text seconds early after a long silence; some answer segments without words. Pure: the chunk's
// answer and the recording's spans of speech in, the words to keep and the lines left out.
import { estimateWordTimes, joinSpans, joinWords, punctuateWords, speechIn, speechMs, splitWords, type Span, type TimedWord } from '@/lib/captions'
import type { SttAnswer, SttSegment } from './provider'
import { compressionRatio, findLoop, LOOP_COMPRESSION_RATIO } from './repetition'
import { isStockPhrase } from './stock-phrases'

/** Why a line was left out: the provider's own silence signs, no speech in the sound, a loop, a stock phrase. */
export type LeftOutReason = 'silence' | 'noSpeech' | 'loop' | 'stockPhrase'
export const LEFT_OUT_REASONS: readonly LeftOutReason[] = ['silence', 'noSpeech', 'loop', 'stockPhrase']

/**
 * A line the provider answered that does not become a cue, kept so the editor can list and restore
 * it; `speaker` when the provider labels speakers (the recording's label, speakers.ts).
 */
export type LeftOutLine = { startMs: number; endMs: number; text: string; reason: LeftOutReason; speaker?: string }

/** Whisper's decoder treats a segment as silence past both of these (docs/architecture.md, Speech to subtitles). */
const NO_SPEECH_PROB = 0.6
const LOW_LOGPROB = -1
/** A segment is on speech when speech fills this share of it; below, it lies over silence. */
const ON_SPEECH = 0.3
/** A stock phrase is kept only over speech this dense. */
const STOCK_ON_SPEECH = 0.5
/** How far a segment over silence may move onto speech no other segment holds. */
export const ALIGN_WINDOW_MS = 20_000
/** Spans of speech closer than this are one run (a sentence), when segments are matched to speech. */
const RUN_GAP_MS = 700

type Piece = { segment: SttSegment; words: TimedWord[] | null; coverage: number }

/** The segment's speaker, as a field to spread onto its words and left-out lines (none when unlabelled). */
const speakerOf = (segment: SttSegment) => (segment.speaker === undefined ? {} : { speaker: segment.speaker })

const moved = (piece: Piece, by: number): Piece => ({
  ...piece,
  segment: { ...piece.segment, startMs: piece.segment.startMs + by, endMs: piece.segment.endMs + by },
  words: piece.words?.map((w) => ({ ...w, startMs: w.startMs + by, endMs: w.endMs + by })) ?? null,
})

/** The chunk's segments on the recording's timeline, each with its words (null: the provider sent none). */
function pieces(answer: SttAnswer, chunk: Span): Piece[] {
  const at = (ms: number) => Math.min(chunk.endMs, chunk.startMs + Math.max(0, ms))
  const words = answer.words.map((w) => ({ text: w.text, startMs: at(w.startMs), endMs: at(w.endMs) }))
  let segments = answer.segments.map((s) => ({ ...s, startMs: at(s.startMs), endMs: at(s.endMs) }))
  if (segments.length === 0 && words.length > 0) segments = [{ startMs: words[0].startMs, endMs: words[words.length - 1].endMs, text: words.map((w) => w.text).join(' ') }]
  const own: TimedWord[][] = segments.map(() => [])
  for (const word of words) {
    // The segment the word overlaps most, else the nearest one.
    let best = 0
    let score = -Infinity
    segments.forEach((s, i) => {
      const overlap = Math.min(s.endMs, word.endMs) - Math.max(s.startMs, word.startMs)
      const value = overlap >= 0 ? overlap : -Math.min(Math.abs(s.startMs - word.endMs), Math.abs(word.startMs - s.endMs)) - 1e6
      if (value > score) [best, score] = [i, value]
    })
    if (segments.length > 0) own[best].push(word)
  }
  return segments.map((segment, i) => ({ segment, words: words.length > 0 ? punctuateWords(own[i], [segment.text]).map((w) => ({ ...w, ...speakerOf(segment) })) : null, coverage: 0 }))
}

/**
 * Screens one chunk's answer. Rules, per segment: Whisper's silence signs (no_speech_prob over 0.6
 * with avg_logprob under -1) leave it out; a loop (a word 4 times or a phrase 3 times in a row, or
 * a compression ratio over 2.4) over silence is left out whole, and over speech loses its repeats;
 * a stock phrase over silence is left out. A segment over silence then moves onto the nearest run
 * of speech within 20 s that no other segment holds, later rather than earlier (providers drift
 * early), in order; with none, it is left out (unless the chunk has no speech we can hear at all:
 * then the sound is too quiet to judge by). Segments without words get words from the speech
 * inside them (estimateWordTimes). A labelled segment's speaker goes onto its words and onto what
 * is left out of it. Answers the words kept, on the recording's timeline, in order.
 */
export function screenChunk(answer: SttAnswer, chunk: Span, speech: readonly Span[], language: string): { words: TimedWord[]; leftOut: LeftOutLine[] } {
  const leftOut: LeftOutLine[] = []
  const leave = (piece: Piece, reason: LeftOutReason) => leftOut.push({ startMs: piece.segment.startMs, endMs: piece.segment.endMs, text: piece.segment.text.trim(), reason, ...speakerOf(piece.segment) })
  const kept: Piece[] = []
  for (const piece of pieces(answer, chunk)) {
    const { segment } = piece
    if (segment.text.trim() === '' && !piece.words?.length) continue
    piece.coverage = speechMs(speech, segment.startMs, segment.endMs) / Math.max(1, segment.endMs - segment.startMs)
    if ((segment.noSpeechProb ?? 0) > NO_SPEECH_PROB && (segment.avgLogprob ?? 0) < LOW_LOGPROB) {
      leave(piece, 'silence')
      continue
    }
    const texts = piece.words ? piece.words.map((w) => w.text) : splitWords(segment.text, language)
    const loop = findLoop(texts)
    const ratio = segment.compressionRatio ?? compressionRatio(segment.text.trim())
    if (piece.coverage < ON_SPEECH && (loop || ratio > LOOP_COMPRESSION_RATIO)) {
      leave(piece, 'loop')
      continue
    }
    if (loop) {
      // Over speech: the first saying stays, its repeats go.
      if (piece.words) {
        const repeats = piece.words.slice(loop.from, loop.to)
        leftOut.push({ startMs: repeats[0].startMs, endMs: repeats[repeats.length - 1].endMs, text: joinWords(repeats.map((w) => w.text), language), reason: 'loop', ...speakerOf(segment) })
        piece.words = [...piece.words.slice(0, loop.from), ...piece.words.slice(loop.to)]
      } else {
        const all = splitWords(segment.text, language)
        leftOut.push({ startMs: segment.startMs, endMs: segment.endMs, text: joinWords(all.slice(loop.from, loop.to), language), reason: 'loop', ...speakerOf(segment) })
        piece.segment = { ...segment, text: joinWords([...all.slice(0, loop.from), ...all.slice(loop.to)], language) }
      }
    }
    if (piece.coverage < STOCK_ON_SPEECH && isStockPhrase(segment.text)) {
      leave(piece, 'stockPhrase')
      continue
    }
    kept.push(piece)
  }
  const placed = alignToSpeech(kept, chunk, speech, (piece) => leave(piece, 'noSpeech'))
  const words = placed.flatMap((piece) => piece.words ?? estimateWordTimes(piece.segment, speech, language).map((w) => ({ ...w, ...speakerOf(piece.segment) })))
  return {
    words: words.filter((w) => w.text.trim() !== '').map((w) => ({ ...w, startMs: Math.max(chunk.startMs, w.startMs), endMs: Math.min(chunk.endMs, Math.max(w.startMs, w.endMs)) })).sort((a, b) => a.startMs - b.startMs),
    leftOut: leftOut.sort((a, b) => a.startMs - b.startMs),
  }
}

/**
 * Segments over silence moved onto runs of speech that no segment holds (screenChunk's rules);
 * `drop` is told of those that find none.
 */
function alignToSpeech(pieces: Piece[], chunk: Span, speech: readonly Span[], drop: (piece: Piece) => void): Piece[] {
  const runs = joinSpans(speechIn(speech, chunk.startMs, chunk.endMs), RUN_GAP_MS)
  // No speech heard in the whole chunk while the provider heard some: a recording too quiet for
  // our threshold, more likely than a chunk of invented lines that passed every other check.
  if (runs.length === 0) return pieces
  const on = pieces.filter((p) => p.coverage >= ON_SPEECH)
  const held = runs.map((run) => on.some((p) => speechMs([run], p.segment.startMs, p.segment.endMs) > 0))
  const out: Piece[] = []
  let lastRunEnd = chunk.startMs
  for (const piece of pieces) {
    if (piece.coverage >= ON_SPEECH) {
      out.push(piece)
      continue
    }
    const { startMs } = piece.segment
    const before = on.filter((p) => p.segment.startMs < startMs).at(-1)
    const after = on.find((p) => p.segment.startMs > startMs)
    const lo = Math.max(lastRunEnd, before?.segment.endMs ?? chunk.startMs)
    const hi = after?.segment.startMs ?? chunk.endMs
    let best = -1
    let bestCost = Infinity
    runs.forEach((run, i) => {
      if (held[i] || run.startMs < lo || run.startMs >= hi) return
      const cost = run.startMs >= startMs ? run.startMs - startMs : 2 * (startMs - run.startMs)
      if (Math.abs(run.startMs - startMs) <= ALIGN_WINDOW_MS && cost < bestCost) [best, bestCost] = [i, cost]
    })
    if (best < 0) {
      drop(piece)
      continue
    }
    held[best] = true
    lastRunEnd = runs[best].endMs
    out.push(moved(piece, runs[best].startMs - startMs))
  }
  return out.sort((a, b) => a.segment.startMs - b.segment.startMs)
}
