// Where people speak, from the sound's energy: the levels of 10 ms frames of 16 kHz mono samples,
// a threshold above the recording's own noise floor, and spans of speech. Pure (no I/O), so the
// speech-to-text fake's rules and ours can be checked against the same numbers.

/** A stretch of speech on the recording's timeline, in ms. */
export type SpeechSpan = { startMs: number; endMs: number }

export const FRAME_MS = 10
/** Never quieter than this counts as speech (dBFS), whatever the noise floor. */
const ABSOLUTE_FLOOR_DB = -50
/** Speech stands this far above the noise floor. */
const ABOVE_FLOOR_DB = 12
/** Once speech started, it continues while above the threshold less this (hysteresis). */
const HYSTERESIS_DB = 6
/** Quiet stretches shorter than this stay inside a span (the gaps between a phrase's words). */
export const SPEECH_BRIDGE_MS = 150
/** Louder stretches shorter than this are clicks, not speech. */
const MIN_SPEECH_MS = 50

/** The level of each 10 ms frame of 16-bit samples, in dBFS (-100 for digital silence). */
export function frameLevels(samples: Int16Array, rate: number): Float32Array {
  const frame = Math.round((rate * FRAME_MS) / 1000)
  const out = new Float32Array(Math.ceil(samples.length / frame))
  for (let f = 0; f < out.length; f++) {
    let sum = 0
    const end = Math.min(samples.length, (f + 1) * frame)
    for (let i = f * frame; i < end; i++) sum += samples[i] * samples[i]
    const rms = Math.sqrt(sum / Math.max(1, end - f * frame)) / 32768
    out[f] = rms > 1e-5 ? 20 * Math.log10(rms) : -100
  }
  return out
}

/** The level speech must pass: 12 dB over the quietest tenth of the frames, and at least -50 dBFS. */
export function speechThreshold(levels: Float32Array): number {
  if (levels.length === 0) return ABSOLUTE_FLOOR_DB
  // A histogram of whole dB: a 3-hour recording has a million frames, and no sort is needed.
  const counts = new Uint32Array(101)
  for (const level of levels) counts[Math.min(100, Math.max(0, Math.round(-level)))]++
  let seen = 0
  let floor = -100
  for (let db = 100; db >= 0; db--) {
    seen += counts[db]
    if (seen >= levels.length / 10) {
      floor = -db
      break
    }
  }
  return Math.max(ABSOLUTE_FLOOR_DB, floor + ABOVE_FLOOR_DB)
}

/** Spans of speech in frame levels: above the threshold (with hysteresis), short gaps bridged, clicks dropped. */
export function speechSpansFromLevels(levels: Float32Array, threshold = speechThreshold(levels)): SpeechSpan[] {
  const spans: SpeechSpan[] = []
  let open: SpeechSpan | null = null
  let inSpeech = false
  for (let f = 0; f < levels.length; f++) {
    inSpeech = levels[f] > (inSpeech ? threshold - HYSTERESIS_DB : threshold)
    if (!inSpeech) continue
    const [startMs, endMs] = [f * FRAME_MS, (f + 1) * FRAME_MS]
    if (open && startMs - open.endMs < SPEECH_BRIDGE_MS) open.endMs = endMs
    else {
      if (open) spans.push(open)
      open = { startMs, endMs }
    }
  }
  if (open) spans.push(open)
  return spans.filter((s) => s.endMs - s.startMs >= MIN_SPEECH_MS)
}
