import 'server-only'
import { closeSync, fstatSync, openSync, readSync, writeSync } from 'node:fs'
import { ffmpegPath, runTool } from '@/lib/media'
import { DUB_RATE, readWavInfo, wavHeader } from './wav'

/** The background under a dubbed line: about 15 dB down, the usual ducking of a voice-over. */
export const DUCK_GAIN = 10 ** (-15 / 20)
/** The background dips this long before a line starts and comes back this long after it ends. */
const LEAD_MS = 80
const TAIL_MS = 150
/** Each dip fades in and out over this long, so the ducking never clicks. */
const RAMP_MS = 60

export type Span = { startMs: number; endMs: number }

/** The background's gain at each time: 1 between lines, DUCK_GAIN under them, with ramps. Spans in time order. */
export function duckingEnvelope(spans: readonly Span[]) {
  let at = 0
  const depth = (span: Span, ms: number) => {
    const enter = (ms - (span.startMs - LEAD_MS - RAMP_MS)) / RAMP_MS
    const leave = (span.endMs + TAIL_MS + RAMP_MS - ms) / RAMP_MS
    return Math.max(0, Math.min(1, enter, leave))
  }
  /** Times must be asked in increasing order (one pass over a track). */
  return (ms: number): number => {
    while (at < spans.length && spans[at].endMs + TAIL_MS + RAMP_MS < ms) at++
    const d = Math.max(at < spans.length ? depth(spans[at], ms) : 0, at + 1 < spans.length ? depth(spans[at + 1], ms) : 0)
    return 1 - (1 - DUCK_GAIN) * d
  }
}

/**
 * The original sound with the dub over it, as a stereo 48 kHz WAV: the original decoded by ffmpeg
 * and ducked under each spoken span, the voices added at their own level; past the original's end
 * the voices go on alone. One pass, a chunk at a time, whatever the length.
 */
export async function mixUnderVoices({ originalFile, dubTrackFile, spans, outFile, signal }: { originalFile: string; dubTrackFile: string; spans: readonly Span[]; outFile: string; signal?: AbortSignal }): Promise<void> {
  const gainAt = duckingEnvelope(spans.toSorted((a, b) => a.startMs - b.startMs))
  const track = openSync(dubTrackFile, 'r')
  const out = openSync(outFile, 'w')
  try {
    const header = Buffer.alloc(64)
    readSync(track, header, 0, 64, 0)
    const info = readWavInfo(header)
    if (!info || info.sampleRate !== DUB_RATE || info.channels !== 1) throw new Error('the dub track is not 48 kHz mono WAV')
    // The header read is 64 bytes: the data's length is the declared one, within the file.
    const trackSamples = Math.floor(Math.min(header.readUInt32LE(info.dataOffset - 4), fstatSync(track).size - info.dataOffset) / 2)
    writeSync(out, wavHeader(0, { channels: 2 }))
    let frame = 0
    let rest = Buffer.alloc(0)
    const mixChunk = (bytes: Buffer) => {
      const frames = bytes.length / 4
      const background = new Int16Array(new Uint8Array(bytes).buffer)
      const voice = new Int16Array(frames)
      const wanted = Math.min(frames, Math.max(0, trackSamples - frame))
      if (wanted > 0) readSync(track, new Uint8Array(voice.buffer, 0, wanted * 2), 0, wanted * 2, info.dataOffset + frame * 2)
      const mixed = new Int16Array(frames * 2)
      for (let i = 0; i < frames; i++) {
        const gain = gainAt(((frame + i) * 1000) / DUB_RATE)
        for (let c = 0; c < 2; c++) mixed[i * 2 + c] = Math.max(-32768, Math.min(32767, Math.round(background[i * 2 + c] * gain + voice[i])))
      }
      writeSync(out, new Uint8Array(mixed.buffer))
      frame += frames
    }
    await runTool(await ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-i', originalFile, '-vn', '-ac', '2', '-ar', String(DUB_RATE), '-f', 's16le', 'pipe:1'], {
      signal,
      onStdout: (chunk) => {
        const bytes = rest.length > 0 ? Buffer.concat([rest, chunk]) : chunk
        const whole = bytes.length - (bytes.length % 4)
        rest = Buffer.from(bytes.subarray(whole))
        if (whole > 0) mixChunk(bytes.subarray(0, whole))
      },
    })
    // The voices that run past the original's end, alone.
    while (frame < trackSamples) mixChunk(Buffer.alloc(Math.min(DUB_RATE, trackSamples - frame) * 4))
    writeSync(out, wavHeader(frame * 4, { channels: 2 }), 0, 44, 0)
  } finally {
    closeSync(track)
    closeSync(out)
  }
}

/** A WAV as the download's format: M4A (AAC) for listening and editing programs, or the WAV itself. */
export async function encodeAudio(wavFile: string, outFile: string, { signal }: { signal?: AbortSignal } = {}): Promise<void> {
  await runTool(await ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-y', '-i', wavFile, '-c:a', 'aac', '-b:a', '160k', '-movflags', '+faststart', outFile], { signal, timeoutMs: 30 * 60_000 })
}
