import 'server-only'
import { open } from 'node:fs/promises'
import { nextLabel } from '@/lib/speakers'
import type { KnownSpeaker, SttAnswer } from './provider'

// One label per voice over a whole recording. A diarizing provider labels speakers per request
// ("A", "B" in order of appearance), so the same voice may be "A" in one chunk and "B" in the next.
// Each voice we hear gets our own label (S1, S2, ...) and a reference clip cut from the chunk it
// was first heard in; later chunks are sent with those clips under our labels
// (known_speaker_names[] / known_speaker_references[]), and the provider answers our labels back.

/** Stretches of the recording's timeline (ms) where one voice speaks, at most 10 s in all. */
export type ClipPart = { startMs: number; endMs: number }
/** A voice of the recording: our label, and where its reference clip is cut from. */
export type HeardSpeaker = { label: string; clip: ClipPart[] }

const RATE = 16_000
const BYTES_PER_MS = (RATE * 2) / 1000
/** A reference clip lasts 2 to 10 s (OpenAI's rule); a shorter voice is padded with silence. */
const CLIP_MIN_MS = 2100
const CLIP_MAX_MS = 9900

/**
 * Puts one chunk's provider labels onto the recording's labels. Rules: a provider label that is
 * one of ours (a voice we sent) is kept; any other is a voice not heard before and gets the next
 * label (S1, S2, ...) and a clip of its longest segments in this chunk. Segments without a label
 * stay without one. Answers the relabelled answer and the voices found.
 */
export function labelChunk(answer: SttAnswer, chunk: { startMs: number; endMs: number }, known: readonly HeardSpeaker[]): { answer: SttAnswer; found: HeardSpeaker[] } {
  const ours = new Set(known.map((k) => k.label))
  const fresh = new Map<string, string>()
  let next = known.length + 1
  const labelOf = (speaker: string) => {
    if (ours.has(speaker)) return speaker
    const seen = fresh.get(speaker)
    if (seen) return seen
    const { label, next: after } = nextLabel(ours, next)
    next = after
    fresh.set(speaker, label)
    return label
  }
  const segments = answer.segments.map((s) => (s.speaker === undefined ? s : { ...s, speaker: labelOf(s.speaker) }))
  const found = [...fresh.entries()].map(([speaker, label]) => ({ label, clip: clipOf(answer.segments.filter((s) => s.speaker === speaker), chunk) }))
  return { answer: { ...answer, segments }, found }
}

/** The longest segments of one voice, on the recording's timeline, up to CLIP_MAX_MS in all. */
function clipOf(segments: SttAnswer['segments'], chunk: { startMs: number; endMs: number }): ClipPart[] {
  const parts: ClipPart[] = []
  let total = 0
  for (const s of [...segments].sort((a, b) => b.endMs - b.startMs - (a.endMs - a.startMs))) {
    const startMs = Math.max(chunk.startMs, chunk.startMs + s.startMs)
    const endMs = Math.min(chunk.endMs, chunk.startMs + s.endMs, startMs + CLIP_MAX_MS - total)
    if (endMs <= startMs) continue
    parts.push({ startMs, endMs })
    total += endMs - startMs
    if (total >= CLIP_MAX_MS) break
  }
  return parts.sort((a, b) => a.startMs - b.startMs)
}

/**
 * The voices to send with the next request: at most `max`, those heard most recently first
 * (`order` lists labels from the earliest heard to the latest), each with its clip as WAV.
 */
export async function knownSpeakers(pcm: string, speakers: readonly HeardSpeaker[], order: readonly string[], max: number): Promise<KnownSpeaker[]> {
  const recent = [...new Set([...order].reverse())].map((label) => speakers.find((s) => s.label === label)).filter((s): s is HeardSpeaker => s !== undefined)
  const chosen = [...recent, ...speakers.filter((s) => !recent.includes(s))].slice(0, max).filter((s) => s.clip.length > 0)
  return Promise.all(chosen.map(async (s) => ({ name: s.label, clip: await wavClip(pcm, s.clip) })))
}

/** The parts of the decoded recording (raw 16 kHz mono 16-bit) as one WAV file, padded to 2 s. */
export async function wavClip(pcm: string, parts: readonly ClipPart[]): Promise<Buffer> {
  const file = await open(pcm, 'r')
  try {
    const pieces: Buffer[] = []
    for (const part of parts) {
      const bytes = Buffer.alloc(Math.round((part.endMs - part.startMs) * BYTES_PER_MS) & ~1)
      const { bytesRead } = await file.read(bytes, 0, bytes.length, Math.round(part.startMs * BYTES_PER_MS) & ~1)
      pieces.push(bytes.subarray(0, bytesRead))
    }
    const sound = Buffer.concat(pieces)
    const padding = Math.max(0, Math.round(CLIP_MIN_MS * BYTES_PER_MS) - sound.length) & ~1
    return wav(Buffer.concat([sound, Buffer.alloc(padding)]))
  } finally {
    await file.close()
  }
}

function wav(samples: Buffer): Buffer {
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + samples.length, 4)
  header.write('WAVEfmt ', 8)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20) // PCM
  header.writeUInt16LE(1, 22) // mono
  header.writeUInt32LE(RATE, 24)
  header.writeUInt32LE(RATE * 2, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36)
  header.writeUInt32LE(samples.length, 40)
  return Buffer.concat([header, samples])
}
