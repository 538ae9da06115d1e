import 'server-only'
import { ffmpegPath, runTool } from './binaries'

/**
 * Cuts `[startMs, endMs)` of a recording into a small file a speech-to-text provider accepts: mono
 * 16 kHz Opus in Ogg at 24 kbit/s (about 1.8 MB for 10 minutes, far under a provider's 25 MB).
 * Re-encoded, the cut is sample-accurate: ffmpeg decodes from the nearest point before `startMs`.
 */
export async function extractChunk(file: string, { startMs, endMs, out, copy = false, signal }: { startMs: number; endMs: number; out: string; copy?: boolean; signal?: AbortSignal }): Promise<void> {
  // An Opus recording (what the browser sends) is cut without re-encoding: Opus packets are 20 ms,
  // so the cut lands within a packet of `startMs`, in the middle of a silence anyway.
  const codec = copy ? ['-c:a', 'copy'] : ['-ac', '1', '-ar', '16000', '-c:a', 'libopus', '-b:a', '24k', '-compression_level', '5']
  await runTool(
    await ffmpegPath(),
    ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-ss', (startMs / 1000).toFixed(3), '-i', file, '-t', ((endMs - startMs) / 1000).toFixed(3), '-vn', '-map', '0:a:0', ...codec, '-f', 'ogg', out],
    { signal },
  )
}
