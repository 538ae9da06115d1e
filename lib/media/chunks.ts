import 'server-only'
import { stat } from 'node:fs/promises'
import { ffmpegPath, runTool } from './binaries'
import { parseSilences, silenceFilter, type Silence } from './silences'

/** The rate a recording is decoded at for speech to text (what Whisper-like providers resample to). */
const RATE = 16_000
const BYTES_PER_MS = (RATE * 2) / 1000
const PCM_INPUT = ['-f', 's16le', '-ar', String(RATE), '-ac', '1']

export type DecodedRecording = { durationMs: number; silences: Silence[] }

/**
 * Decodes a recording once into `out`: its first audio stream as raw mono 16 kHz 16-bit samples,
 * the timeline every chunk is cut on. Times count decoded samples (`asetpts=N/SR/TB`), never the
 * container's timestamps: a falsified timestamp scale, a page or cluster boundary, or a negative
 * start cannot move a cut. Answers the decoded length and the silences heard on the way.
 */
export async function decodeForChunks(file: string, { out, signal }: { out: string; signal?: AbortSignal }): Promise<DecodedRecording> {
  const { stderr } = await runTool(
    await ffmpegPath(),
    ['-hide_banner', '-nostdin', '-nostats', '-i', file, '-vn', '-map', '0:a:0', '-af', `aresample=${RATE},aformat=sample_fmts=s16:channel_layouts=mono,asetpts=N/SR/TB,${silenceFilter()}`, '-c:a', 'pcm_s16le', '-f', 's16le', '-y', out],
    { signal, keepStderr: 'all' },
  )
  const durationMs = Math.floor((await stat(out)).size / BYTES_PER_MS)
  return { durationMs, silences: parseSilences(stderr, durationMs) }
}

/**
 * Cuts `[startMs, endMs)` of the decoded samples (decodeForChunks) into a file a speech-to-text
 * provider reads whole with any current decoder: mono 16 kHz Opus in Ogg at 24 kbit/s (about
 * 1.8 MB for 10 minutes, far under a provider's 25 MB), starting at 0 exactly at `startMs`. Raw
 * samples are seeked to the byte, so the provider's times plus `startMs` are the recording's.
 * 60 ms frames cost a third less to encode than 20 ms ones (a 3-hour recording is encoded whole).
 */
export async function extractChunk(pcm: string, { startMs, endMs, out, signal }: { startMs: number; endMs: number; out: string; signal?: AbortSignal }): Promise<void> {
  await runTool(
    await ffmpegPath(),
    ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...PCM_INPUT, '-ss', (startMs / 1000).toFixed(3), '-t', ((endMs - startMs) / 1000).toFixed(3), '-i', pcm, '-c:a', 'libopus', '-b:a', '24k', '-compression_level', '5', '-frame_duration', '60', '-f', 'ogg', out],
    { signal },
  )
}
