import 'server-only'
import { frameLevels, speechSpansFromLevels, type SpeechSpan } from './speech-levels'
import { PCM_RATE } from './decode-stream'

/** Bytes of one 10 ms frame of 16 kHz 16-bit mono samples. */
const FRAME_BYTES = (PCM_RATE / 100) * 2

/**
 * The speech of a recording's part measured while it is decoded: each piece of samples
 * adds the levels of its whole 10 ms frames, and the spans of speech so far are found on demand,
 * against the noise floor of what has been heard so far (speech-levels.ts, the rules of a whole
 * recording's `speechSpansOfPcm`). A 3-hour part keeps about 4 MB of levels.
 */
export class SpeechTrack {
  private levels = new Float32Array(60 * 100)
  private count = 0
  private rest: Buffer = Buffer.alloc(0)

  push(samples: Buffer): void {
    const bytes = this.rest.length > 0 ? Buffer.concat([this.rest, samples]) : samples
    const whole = bytes.length - (bytes.length % FRAME_BYTES)
    this.rest = Buffer.from(bytes.subarray(whole))
    if (whole === 0) return
    // A copy aligned for Int16Array (a piece of a pipe may start at an odd offset).
    const levels = frameLevels(new Int16Array(new Uint8Array(bytes.subarray(0, whole)).buffer), PCM_RATE)
    if (this.count + levels.length > this.levels.length) {
      const grown = new Float32Array(Math.max(this.levels.length * 2, this.count + levels.length))
      grown.set(this.levels.subarray(0, this.count))
      this.levels = grown
    }
    this.levels.set(levels, this.count)
    this.count += levels.length
  }

  /** The levels so far (10 ms frames from the part's start). */
  frames(): Float32Array {
    return this.levels.subarray(0, this.count)
  }

  /** The spans of speech heard so far, moved to the recording's timeline by `offsetMs`. */
  spans(offsetMs = 0): SpeechSpan[] {
    return speechSpansFromLevels(this.frames()).map((s) => ({ startMs: s.startMs + offsetMs, endMs: s.endMs + offsetMs }))
  }
}

/** The spans of speech of a whole recording made of parts one after the other (their levels joined). */
export function speechOfParts(parts: readonly { startMs: number; frames: Float32Array }[]): SpeechSpan[] {
  const last = parts.at(-1)
  if (!last) return []
  const levels = new Float32Array(Math.round(last.startMs / 10) + last.frames.length).fill(-100)
  for (const part of parts) levels.set(part.frames.subarray(0, Math.max(0, levels.length - Math.round(part.startMs / 10))), Math.round(part.startMs / 10))
  return speechSpansFromLevels(levels)
}
