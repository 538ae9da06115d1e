import 'server-only'
import { ffmpegPath, runTool } from './binaries'
import { decodeStream, PCM_RATE } from './decode-stream'
import type { Silence } from './silences'

/** The samples decodeStream (decode-stream.ts) writes: raw mono 16 kHz 16-bit. */
const PCM_INPUT = ['-f', 's16le', '-ar', String(PCM_RATE), '-ac', '1']

export type DecodedRecording = { durationMs: number; silences: Silence[] }

/**
 * Decodes a whole recording once into `out` (decodeStream on a file): raw mono 16 kHz 16-bit
 * samples counted from its first, and the silences heard on the way.
 */
export async function decodeForChunks(file: string, { out, signal }: { out: string; signal?: AbortSignal }): Promise<DecodedRecording> {
  const decoded = await decodeStream({ file }, { out, signal })
  return { durationMs: decoded.decodedMs, silences: decoded.silences }
}

/**
 * Cuts `[startMs, endMs)` of the decoded samples (decodeStream) into a file a speech-to-text
 * provider reads whole: mono 16 kHz FLAC, starting at 0 exactly at `startMs`. Raw samples are
 * seeked to the byte, so the provider's times plus `startMs` are the recording's. Lossless, so the
 * recogniser hears what was decoded, not a second lossy generation of the browser's Opus; and the
 * cheapest encoding there is (about a third of libopus's time), which matters at the end of a
 * streamed recording, when every chunk still to send waits for its encoding. A chunk is at most 10
 * minutes (live-plan.ts): under 20 MB even as noise, under a provider's 25 MB.
 */
export async function extractChunk(pcm: string, { startMs, endMs, out, signal }: { startMs: number; endMs: number; out: string; signal?: AbortSignal }): Promise<void> {
  await runTool(
    await ffmpegPath(),
    ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...PCM_INPUT, '-ss', (startMs / 1000).toFixed(3), '-t', ((endMs - startMs) / 1000).toFixed(3), '-i', pcm, '-c:a', 'flac', '-compression_level', '0', '-f', 'flac', out],
    { signal },
  )
}
