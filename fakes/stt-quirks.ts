// What real Whisper-style providers get wrong (docs/architecture.md, Speech to subtitles), switched on by knob so the
// pipeline's defences can be tested: invented stock phrases in long silences, a line looped into
// the silence after speech, segments and words placed seconds early after a long silence, and
// segments answered without words (optionally spanning several sentences, as Whisper's 30-s
// windows do). Everything is computed from the spans of speech the fake heard, in ms.
import { deflateSync } from 'node:zlib'

export type SttQuirks = {
  /** Stock phrases ("Thank you for watching.") in silences leaving 5 s or more. */
  stockPhrases?: boolean
  /** A short line looped for seconds into the silence after every other sentence. */
  loops?: boolean
  /** Segments and words after a silence of 5 s or more placed this much early (true = 4000 ms). */
  earlyWords?: boolean | number
  /** Segments only: no `words`, whatever the request asks. */
  noWords?: boolean
  /** Spans of speech less than 2 s apart answered as one segment. */
  longSegments?: boolean
  /** Only files at least this long get the quirks (so one test's knob spares another's short file). */
  minAudioMs?: number
}

/** Stock phrases as Whisper-family models invent them, per request language. */
export const STT_STOCK_PHRASES: Record<string, readonly string[]> = {
  en: ['Thank you for watching.', 'Subtitles by the Amara.org community', 'Please subscribe to my channel.'],
  zh: ['请不吝点赞 订阅 转发 打赏支持明镜与点点栏目', '字幕由Amara.org社区提供', '谢谢观看'],
  ja: ['ご視聴ありがとうございました', 'チャンネル登録よろしくお願いします'],
}
/** The looped line, per request language. */
export const STT_LOOP_LINES: Record<string, string> = { en: 'Okay.', zh: '好的。', ja: 'はい。' }

export type FakeSegment = { startMs: number; endMs: number; text: string; noSpeechProb: number; avgLogprob: number; compressionRatio: number; words: FakeWord[] }
export type FakeWord = { word: string; startMs: number; endMs: number }

const EARLY_DEFAULT_MS = 4000
const EARLY_AFTER_SILENCE_MS = 5000
/** Room a silence leaves (after any loop) for a stock phrase. */
const STOCK_ROOM_MS = 5000
const LONG_SEGMENT_GAP_MS = 2000

/** Whisper's compression ratio: the text's UTF-8 length over its zlib-compressed length. */
export function compressionRatio(text: string): number {
  const bytes = Buffer.from(text, 'utf8')
  return bytes.length === 0 ? 0 : Math.round((bytes.length / deflateSync(bytes).length) * 100) / 100
}

/** Checks a quirks setting that came over HTTP; throws with a readable reason. */
export function parseSttQuirks(value: unknown): SttQuirks {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('quirks must be a JSON object')
  const out: SttQuirks = {}
  for (const [key, v] of Object.entries(value)) {
    if (key === 'earlyWords' && (typeof v === 'boolean' || (typeof v === 'number' && v > 0))) out.earlyWords = v
    else if (key === 'minAudioMs' && typeof v === 'number' && v >= 0) out.minAudioMs = v
    else if (['stockPhrases', 'loops', 'noWords', 'longSegments'].includes(key) && typeof v === 'boolean') (out as Record<string, unknown>)[key] = v
    else throw new Error(`unknown or invalid quirk ${key}`)
  }
  return out
}

const words = (text: string, startMs: number, endMs: number): FakeWord[] => {
  const parts = text.split(/\s+/).filter(Boolean)
  const slot = (endMs - startMs) / Math.max(1, parts.length)
  return parts.map((w, i) => ({ word: w.replace(/[.,!?。、！？]+$/u, ''), startMs: startMs + i * slot, endMs: startMs + (i + 1) * slot - Math.min(30, slot / 4) }))
}

const shifted = (s: FakeSegment, by: number): FakeSegment => ({ ...s, startMs: s.startMs - by, endMs: s.endMs - by, words: s.words.map((w) => ({ ...w, startMs: w.startMs - by, endMs: w.endMs - by })) })

/** Joins segments less than 2 s apart, as a provider's long segments: one text, one span of time. */
function joinClose(segments: FakeSegment[]): FakeSegment[] {
  const out: FakeSegment[] = []
  for (const s of segments) {
    const last = out[out.length - 1]
    if (last && s.startMs - last.endMs < LONG_SEGMENT_GAP_MS) out[out.length - 1] = { ...last, endMs: s.endMs, text: `${last.text} ${s.text.trim()}`, words: [...last.words, ...s.words] }
    else out.push(s)
  }
  return out
}

/**
 * The answer's segments with the quirks applied, in time order, and what was done (for the fake's
 * counters). `segments` are the true ones, one per span of speech; `durationMs` is the file's.
 */
export function applySttQuirks(segments: FakeSegment[], { quirks, durationMs, language }: { quirks: SttQuirks; durationMs: number; language: string }): { segments: FakeSegment[]; counts: Record<string, number> } {
  const counts: Record<string, number> = {}
  const bump = (name: string) => (counts[name] = (counts[name] ?? 0) + 1)
  if (durationMs < (quirks.minAudioMs ?? 0)) return { segments, counts }
  const lang = STT_STOCK_PHRASES[language] ? language : 'en'
  let out = quirks.longSegments ? joinClose(segments) : segments.slice()
  if (quirks.earlyWords) {
    const early = typeof quirks.earlyWords === 'number' ? quirks.earlyWords : EARLY_DEFAULT_MS
    const heard = out
    out = heard.map((s, i) => {
      const silence = s.startMs - (i > 0 ? heard[i - 1].endMs : 0)
      if (silence < EARLY_AFTER_SILENCE_MS) return s
      bump('earlyWords')
      return shifted(s, Math.min(early, silence - 500))
    })
  }
  const invented: FakeSegment[] = []
  // Where nothing is said and nothing is answered yet: what invented lines may fill.
  const taken = () => [...segments, ...out, ...invented].map((s) => [s.startMs, s.endMs] as const).sort((a, b) => a[0] - b[0])
  const freeFrom = (ms: number) => {
    if (taken().some(([a, b]) => a <= ms && ms < b)) return 0
    return (taken().find(([a]) => a > ms)?.[0] ?? durationMs) - ms
  }
  const inventedLine = (text: string, startMs: number, endMs: number, doubt: Pick<FakeSegment, 'noSpeechProb' | 'avgLogprob'>): FakeSegment => ({ startMs, endMs, text, ...doubt, compressionRatio: compressionRatio(text.trim()), words: words(text, startMs, endMs) })
  if (quirks.loops) {
    // After every other sentence, its last words looped on into the silence.
    segments.forEach((s, i) => {
      const room = freeFrom(s.endMs + 300)
      if (i % 2 === 1 || room < 3000) return
      const text = ` ${Array.from({ length: 10 }, () => STT_LOOP_LINES[lang]).join(' ')}`
      invented.push(inventedLine(text, s.endMs + 300, s.endMs + 300 + Math.min(4000, room - 1000), { noSpeechProb: 0.3, avgLogprob: -0.45 }))
      bump('loops')
    })
  }
  if (quirks.stockPhrases) {
    const phrases = STT_STOCK_PHRASES[lang]
    // One in the middle of each silence with room, as the silences were before any was filled.
    const silences = [...new Set([0, ...taken().map(([, b]) => b)])].map((from) => ({ from, room: freeFrom(from) })).filter((g) => g.room >= STOCK_ROOM_MS)
    for (const { from, room } of silences) {
      const middle = from + room / 2
      const n = counts.stockPhrases ?? 0
      // Most come with Whisper's own silence signs; every third is answered confidently, so only
      // the sound itself tells it was never said.
      const confident = n % 3 === 2
      invented.push(inventedLine(` ${phrases[n % phrases.length]}`, middle - 1000, middle + 1000, confident ? { noSpeechProb: 0.2, avgLogprob: -0.4 } : { noSpeechProb: 0.82, avgLogprob: -1.3 }))
      bump('stockPhrases')
    }
  }
  const all = [...out, ...invented].sort((a, b) => a.startMs - b.startMs).map((s) => ({ ...s, startMs: Math.max(0, s.startMs), words: s.words.map((w) => ({ ...w, startMs: Math.max(0, w.startMs), endMs: Math.max(0, w.endMs) })) }))
  if (quirks.noWords) bump('noWords')
  return { segments: all, counts }
}
