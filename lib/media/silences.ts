import 'server-only'
import { ffmpegPath, runTool } from './binaries'

export type Silence = { startMs: number; endMs: number }

/**
 * The silences of a recording as ffmpeg's silencedetect hears them: quieter than `noiseDb` for at
 * least `minMs`. Decodes the file once (a 3-hour Opus file takes seconds, not memory).
 */
export async function findSilences(file: string, { noiseDb = -35, minMs = 300, signal }: { noiseDb?: number; minMs?: number; signal?: AbortSignal } = {}): Promise<Silence[]> {
  const { stderr } = await runTool(await ffmpegPath(), ['-hide_banner', '-nostdin', '-nostats', '-i', file, '-vn', '-map', '0:a:0', '-af', `silencedetect=noise=${noiseDb}dB:d=${minMs / 1000}`, '-f', 'null', '-'], { signal, keepStderr: 'all' })
  const silences: Silence[] = []
  let start: number | null = null
  for (const line of stderr.split('\n')) {
    const opened = /silence_start: (-?[\d.]+)/.exec(line)
    if (opened) start = Math.max(0, Number(opened[1]) * 1000)
    const closed = /silence_end: ([\d.]+)/.exec(line)
    if (closed && start !== null) {
      silences.push({ startMs: Math.round(start), endMs: Math.round(Number(closed[1]) * 1000) })
      start = null
    }
  }
  // A silence running to the end of the file has no silence_end line.
  if (start !== null) silences.push({ startMs: Math.round(start), endMs: Number.MAX_SAFE_INTEGER })
  return silences
}
