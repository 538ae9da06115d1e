import 'server-only'
import { ffmpegPath, MediaTimeoutError, MediaToolError, runTool } from './binaries'

/**
 * How long a recording really is: its first audio stream decoded to the end, counting samples, not
 * trusting a timestamp of the container (`asetpts=N/SR/TB` renumbers every frame by the samples
 * before it, so a falsified Matroska TimecodeScale or a timestamp jump changes nothing). Rules:
 * decoding stops once `capMs` of sound has come out (a longer file is too long whatever its rest
 * holds) or after `timeoutMs` (a MediaTimeoutError); null when nothing decodes.
 */
export async function decodedLengthMs(file: string, { capMs, timeoutMs, signal }: { capMs?: number; timeoutMs?: number; signal?: AbortSignal } = {}): Promise<number | null> {
  let latestUs = -1
  let pending = ''
  // `-progress` writes `out_time_us=` lines to stdout as it goes and once more at the end.
  const onStdout = (chunk: Buffer) => {
    const lines = (pending + chunk.toString('utf8')).split('\n')
    pending = lines.pop() ?? ''
    for (const line of lines) {
      const us = /^out_time_us=(\d+)/.exec(line)
      if (us) latestUs = Math.max(latestUs, Number(us[1]))
    }
  }
  const cap = capMs === undefined ? [] : ['-t', (capMs / 1000).toFixed(3)]
  try {
    await runTool(
      await ffmpegPath(),
      ['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'error', '-threads', '1', '-i', file, '-vn', '-map', '0:a:0', '-af', 'asetpts=N/SR/TB', ...cap, '-f', 'null', '-progress', 'pipe:1', '-'],
      { signal, timeoutMs, onStdout },
    )
  } catch (error) {
    // A file ffmpeg cannot decode has no length; running past the time limit is the caller's to say.
    if (error instanceof MediaToolError && !(error instanceof MediaTimeoutError)) return null
    throw error
  }
  onStdout(Buffer.from('\n'))
  return latestUs > 0 ? Math.round(latestUs / 1000) : null
}
