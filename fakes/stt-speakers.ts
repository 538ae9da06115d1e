// Speaker labels for the speech-to-text fake, as OpenAI's gpt-4o-transcribe-diarize answers them
// (response_format=diarized_json): a segment per span of speech with a `speaker`, no words. The
// fake tells voices apart by their pitch (two espeak-ng voices at different pitches are two
// speakers), and, like the real model, its labels hold within one request only: letters in order
// of appearance, rotated per request when `unstable`, unless known speakers are sent, whose names
// it answers for the voices that match their reference clips.

/** What a real diarizing request is refused for (OpenAI's 400s). */
export const DIARIZE_ERRORS = {
  prompt: 'Prompt is not supported for diarization models.',
  chunking: 'chunking_strategy is required for diarization models when the input audio is longer than 30 seconds.',
  references: 'known_speaker_names[] and known_speaker_references[] must have the same number of items (at most 4).',
  clipLength: 'Each known speaker reference must be between 2 and 10 seconds long.',
} as const

const RATE = 16_000
const FRAME = 640 // 40 ms
/** Frames looked at per span at most, spread over it: a median of 24 is steady, and fast. */
const MAX_FRAMES = 24
/** Pitches within this ratio of each other are one voice. */
const SAME_VOICE = 1.2

/** True when a request asks for speaker labels: the diarizing model or its response format. */
export function isDiarizeRequest(model: string | undefined, responseFormat: string | undefined): boolean {
  return responseFormat === 'diarized_json' || (model ?? '').includes('diarize')
}

/**
 * The median pitch (Hz) of the voiced frames of `samples` in [startMs, endMs): per 40 ms frame,
 * the lag of the autocorrelation's highest peak between 60 and 400 Hz, taken when the frame is
 * voiced (the peak holds over half the frame's energy), over at most MAX_FRAMES frames spread
 * over the stretch. Null when nothing in it is voiced.
 */
export function pitchOf(samples: Float32Array, startMs = 0, endMs = (samples.length * 1000) / RATE): number | null {
  const [minLag, maxLag] = [Math.floor(RATE / 400), Math.ceil(RATE / 60)]
  const from = Math.max(0, Math.floor((startMs * RATE) / 1000))
  const to = Math.min(samples.length, Math.floor((endMs * RATE) / 1000))
  const pitches: number[] = []
  const hop = Math.max(FRAME / 2, Math.floor((to - from - FRAME - maxLag) / MAX_FRAMES))
  for (let at = from; at + FRAME + maxLag <= to; at += hop) {
    let energy = 0
    for (let i = 0; i < FRAME; i++) energy += samples[at + i] * samples[at + i]
    if (energy < 1e-3) continue
    let best = { lag: 0, r: 0 }
    for (let lag = minLag; lag <= maxLag; lag++) {
      let r = 0
      for (let i = 0; i < FRAME; i++) r += samples[at + i] * samples[at + i + lag]
      if (r > best.r) best = { lag, r }
    }
    if (best.r / energy > 0.5) pitches.push(RATE / best.lag)
  }
  if (pitches.length === 0) return null
  pitches.sort((a, b) => a - b)
  return pitches[Math.floor(pitches.length / 2)]
}

const sameVoice = (a: number, b: number) => Math.max(a, b) / Math.min(a, b) <= SAME_VOICE
const letter = (i: number) => String.fromCharCode(65 + (i % 26))

/**
 * One label per span. Spans of the same pitch are one voice; a voice whose pitch matches a known
 * speaker's reference takes that speaker's name, the others letters in order of appearance,
 * starting `rotate` letters on (an unstable labelling) and skipping letters used as names.
 */
export function labelSpans(pitches: readonly (number | null)[], known: readonly { name: string; pitch: number | null }[], rotate: number): string[] {
  const voices: { pitch: number; label: string }[] = []
  const taken = new Set(known.map((k) => k.name))
  let next = rotate
  const freshLetter = () => {
    while (taken.has(letter(next))) next++
    return letter(next++)
  }
  return pitches.map((pitch) => {
    // An unvoiced span (a whisper, a hiss) goes with the voice heard last.
    const heard = pitch ?? voices[voices.length - 1]?.pitch ?? 0
    const voice = voices.find((v) => sameVoice(v.pitch, heard))
    if (voice) return voice.label
    const match = known.find((k) => k.pitch !== null && sameVoice(k.pitch, heard) && !voices.some((v) => v.label === k.name))
    const label = match ? match.name : freshLetter()
    taken.add(label)
    voices.push({ pitch: heard, label })
    return label
  })
}

/** The body of a data URL (`data:audio/wav;base64,...`), or null when it is not one. */
export function dataUrlBytes(value: string): Buffer | null {
  const match = /^data:[^;,]+(?:;[^;,]+)*;base64,(.*)$/s.exec(value)
  return match ? Buffer.from(match[1], 'base64') : null
}

/** A diarized_json answer: one `transcript.text.segment` per span, with its label and text. */
export function diarizedAnswer(spans: readonly { startMs: number; endMs: number; text: string }[], labels: readonly string[], durationS: number) {
  const segments = spans.map((span, i) => ({ type: 'transcript.text.segment', id: `seg_${i}`, start: span.startMs / 1000, end: span.endMs / 1000, text: span.text, speaker: labels[i] }))
  return { task: 'transcribe', duration: durationS, text: segments.map((s) => s.text).join(' '), segments, usage: { type: 'duration', seconds: Math.ceil(durationS) } }
}

type DiarizeOutcome = { error: string } | { body: ReturnType<typeof diarizedAnswer>; speakers: string[]; known: string[] }

/**
 * Answers one diarizing request, or the 400 OpenAI gives it: a `prompt`, audio past 30 s without
 * `chunking_strategy`, names and references that do not pair up (4 at most), a reference that is
 * not a 2 to 10 s clip. `spans` are the request's spans of speech with their sandbox text.
 */
export async function diarize({ fields, samples, spans, rotate, decode }: {
  fields: Record<string, string[]>
  samples: Float32Array
  spans: readonly { startMs: number; endMs: number; text: string }[]
  rotate: number
  decode: (file: Buffer) => Promise<Float32Array | null>
}): Promise<DiarizeOutcome> {
  const durationS = samples.length / RATE
  if (fields.prompt?.[0]) return { error: DIARIZE_ERRORS.prompt }
  if (durationS > 30 && !fields.chunking_strategy?.[0]) return { error: DIARIZE_ERRORS.chunking }
  const names = fields['known_speaker_names[]'] ?? []
  const references = fields['known_speaker_references[]'] ?? []
  if (names.length !== references.length || names.length > 4) return { error: DIARIZE_ERRORS.references }
  const known: { name: string; pitch: number | null }[] = []
  for (const [i, reference] of references.entries()) {
    const bytes = dataUrlBytes(reference)
    const clip = bytes ? await decode(bytes) : null
    if (!clip || clip.length < 2 * RATE - RATE / 10 || clip.length > 10 * RATE + RATE / 10) return { error: DIARIZE_ERRORS.clipLength }
    known.push({ name: names[i], pitch: pitchOf(clip) })
  }
  const labels = labelSpans(spans.map((s) => pitchOf(samples, s.startMs, s.endMs)), known, rotate)
  return { body: diarizedAnswer(spans, labels, durationS), speakers: labels, known: names }
}
