import 'server-only'

export type Silence = { startMs: number; endMs: number }

/**
 * ffmpeg's silencedetect filter: quieter than `noiseDb` for at least `minMs`. Placed after
 * `asetpts=N/SR/TB`, the times it prints count decoded samples, not the container's timestamps.
 */
export const silenceFilter = ({ noiseDb = -35, minMs = 300 }: { noiseDb?: number; minMs?: number } = {}) => `silencedetect=noise=${noiseDb}dB:d=${minMs / 1000}`

/** The silences silencedetect printed on stderr; one running to the end of the audio ends at `endMs`. */
export function parseSilences(stderr: string, endMs: number): Silence[] {
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
  // A silence running to the end of the audio has no silence_end line.
  if (start !== null) silences.push({ startMs: Math.round(start), endMs })
  return silences
}
