import 'server-only'

export type Silence = { startMs: number; endMs: number }

/**
 * ffmpeg's silencedetect filter: quieter than `noiseDb` for at least `minMs`. Placed after
 * `asetpts=N/SR/TB`, the times it prints count decoded samples, not the container's timestamps.
 */
export const silenceFilter = ({ noiseDb = -35, minMs = 300 }: { noiseDb?: number; minMs?: number } = {}) => `silencedetect=noise=${noiseDb}dB:d=${minMs / 1000}`
