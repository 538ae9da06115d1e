import 'server-only'
import { ffmpegPath, runTool } from '@/lib/media'
import { DUB_RATE } from './wav'

/** Below this level (about -45 dBFS) a clip's edges are silence a voice leaves around its words. */
const EDGE_LEVEL = 180
/** Kept of that silence, so a word's first consonant is not clipped. */
const EDGE_KEEP_MS = 15

/** The longest time stretch with pitch kept (rubberband), as a factor of speed. */
export const MAX_STRETCH = 1.3

/**
 * A provider's WAV as the dub's PCM (48 kHz mono 16-bit), time-stretched by `tempo` with its pitch
 * kept (ffmpeg's rubberband) when above 1, and with the silence at its two ends trimmed: a line
 * then starts on its cue, not on the provider's lead-in.
 */
export async function clipPcm(wav: Buffer, { tempo = 1, signal }: { tempo?: number; signal?: AbortSignal } = {}): Promise<Int16Array> {
  const filters = [...(tempo > 1.001 ? [`rubberband=tempo=${tempo.toFixed(4)}`] : []), `aresample=${DUB_RATE}`]
  const { stdout } = await runTool(await ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-f', 'wav', '-i', 'pipe:0', '-af', filters.join(','), '-ac', '1', '-f', 's16le', 'pipe:1'], { stdin: wav, signal, timeoutMs: 60_000 })
  const samples = new Int16Array(new Uint8Array(stdout).buffer, 0, Math.floor(stdout.length / 2))
  return toVoicePeak(trimSilentEdges(samples))
}

/** Every voice's peak here, about -3 dBFS: voices alike in level, and room left for the background under them. */
const VOICE_PEAK = 23_000

function toVoicePeak(samples: Int16Array): Int16Array {
  let peak = 0
  for (const s of samples) peak = Math.max(peak, Math.abs(s))
  if (peak === 0) return samples
  const gain = Math.min(4, VOICE_PEAK / peak)
  return samples.map((s) => Math.round(s * gain))
}

export function trimSilentEdges(samples: Int16Array): Int16Array {
  let first = 0
  while (first < samples.length && Math.abs(samples[first]) < EDGE_LEVEL) first++
  let last = samples.length - 1
  while (last > first && Math.abs(samples[last]) < EDGE_LEVEL) last--
  if (first >= samples.length) return new Int16Array(0)
  const keep = (EDGE_KEEP_MS * DUB_RATE) / 1000
  return samples.slice(Math.max(0, first - keep), Math.min(samples.length, last + 1 + keep))
}

export const pcmMs = (samples: Int16Array) => (samples.length / DUB_RATE) * 1000
