import 'server-only'
import { createReadStream } from 'node:fs'
import { frameLevels, speechSpansFromLevels, type SpeechSpan } from './speech-levels'

const RATE = 16_000
/** Bytes of one 10 ms frame of 16 kHz 16-bit mono samples. */
const FRAME_BYTES = (RATE / 100) * 2

/**
 * The spans of speech in a recording decoded by decodeForChunks (raw 16 kHz mono 16-bit samples),
 * read as a stream: a 3-hour recording keeps only its frame levels in memory (about 4 MB).
 */
export async function speechSpansOfPcm(pcm: string, { signal }: { signal?: AbortSignal } = {}): Promise<SpeechSpan[]> {
  const parts: Float32Array[] = []
  let rest: Buffer = Buffer.alloc(0)
  for await (const chunk of createReadStream(pcm, { highWaterMark: FRAME_BYTES * 1000, signal })) {
    const bytes = rest.length > 0 ? Buffer.concat([rest, chunk as Buffer]) : (chunk as Buffer)
    const whole = bytes.length - (bytes.length % FRAME_BYTES)
    rest = bytes.subarray(whole)
    // A copy aligned for Int16Array (a Buffer from the pool may start at an odd offset).
    const samples = new Int16Array(new Uint8Array(bytes.subarray(0, whole)).buffer)
    parts.push(frameLevels(samples, RATE))
  }
  if (rest.length >= 2) parts.push(frameLevels(new Int16Array(new Uint8Array(rest.subarray(0, rest.length - (rest.length % 2))).buffer), RATE))
  const levels = new Float32Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const part of parts) {
    levels.set(part, at)
    at += part.length
  }
  return speechSpansFromLevels(levels)
}
