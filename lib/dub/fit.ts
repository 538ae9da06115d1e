import 'server-only'
import { clipPcm, MAX_STRETCH, pcmMs } from './clip'
import { DUB_RATE } from './wav'

/** The fastest a line is ever spoken, against the provider's natural length: request speed times stretch. */
export const MAX_SPEED_FACTOR = 1.3
/** Asked a little faster than the bare ratio: a provider's speed is not exactly proportional. */
const SPEED_MARGIN = 1.03

/** Asks the provider to speak `text` at `speed`; answers WAV bytes. */
export type Speak = (text: string, speed: number) => Promise<Buffer>

/** One phrase spoken: how, how long, and whether it fits its window. */
export type Spoken = {
  text: string
  pcm: Int16Array
  naturalMs: number
  spokenMs: number
  /** The `speed` asked of the provider (1 = natural). */
  speed: number
  /** The time stretch applied after (1 = none). */
  tempo: number
  fits: boolean
}

/**
 * Speaks a phrase to fit `budgetMs`, without ever speeding it past MAX_SPEED_FACTOR. In order: as
 * it comes (padded with silence when shorter: never slowed); else, when the whole factor needed
 * is within the cap, asked again with `speed`; then, when still long, stretched with pitch kept
 * (rubberband) within what the cap leaves. `fits` false: the text itself must get shorter.
 */
export async function speakToFit({ text, budgetMs, speak, signal }: { text: string; budgetMs: number; speak: Speak; signal?: AbortSignal }): Promise<Spoken> {
  const natural = await clipPcm(await speak(text, 1), { signal })
  const naturalMs = pcmMs(natural)
  const spoken = (pcm: Int16Array, speed: number, tempo: number): Spoken => ({ text, pcm, naturalMs, spokenMs: pcmMs(pcm), speed, tempo, fits: pcmMs(pcm) <= budgetMs })
  if (naturalMs <= budgetMs) return spoken(natural, 1, 1)
  const needed = naturalMs / budgetMs
  if (needed > MAX_SPEED_FACTOR) return spoken(natural, 1, 1)
  const speed = Math.min(MAX_SPEED_FACTOR, Math.round(needed * SPEED_MARGIN * 1000) / 1000)
  const faster = await speak(text, speed)
  const quicker = await clipPcm(faster, { signal })
  if (pcmMs(quicker) <= budgetMs) return spoken(quicker, speed, 1)
  const tempo = Math.min(MAX_STRETCH, MAX_SPEED_FACTOR / speed, (pcmMs(quicker) / budgetMs) * 1.01)
  if (tempo <= 1) return spoken(quicker, speed, 1)
  return spoken(await clipPcm(faster, { tempo, signal }), speed, tempo)
}

/** A pause this long or longer, quieter than about -40 dBFS, lies between words. */
const PAUSE_MS = 60
const PAUSE_LEVEL = 330

/**
 * The longest head of `pcm` ending in a pause between words and within `maxMs`: what is spoken of a
 * line that cannot fit, never cut inside a word. Empty when no pause falls within `maxMs`.
 */
export function cutAtPause(pcm: Int16Array, maxMs: number): Int16Array {
  const limit = Math.min(pcm.length, Math.floor((maxMs * DUB_RATE) / 1000))
  if (limit >= pcm.length) return pcm
  const frame = DUB_RATE / 100
  const pauseFrames = PAUSE_MS / 10
  let quietRun = 0
  let cut = 0
  for (let start = 0; start + frame <= limit; start += frame) {
    let peak = 0
    for (let i = start; i < start + frame; i++) peak = Math.max(peak, Math.abs(pcm[i]))
    quietRun = peak < PAUSE_LEVEL ? quietRun + 1 : 0
    // Cut where the pause began: the words before it are whole.
    if (quietRun >= pauseFrames) cut = start - (quietRun - 1) * frame
  }
  return pcm.slice(0, Math.max(0, cut))
}
