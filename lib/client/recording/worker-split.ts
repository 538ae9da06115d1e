// Where the second half of a recording starts: the first silence after the middle, so that no word
// is cut between the two workers' parts (the server then plans each part's chunks on its own).
// Decodes at most SPLIT_SEARCH_MS of sound from the middle; answers the middle when it is all speech.
// The sound is decoded as a part's is (worker-decode.ts): an Opus decoder started mid-file is
// warmed up on pre-roll first, else its first frames are wrong and could hide a silence there.

import type { InputAudioTrack } from 'mediabunny'
import { SPLIT_SEARCH_MS } from './extract-protocol'
import { firstSilence, MonoResampler } from './mono-16k'
import { decodedSamples } from './worker-decode'
import { planarChannels } from './worker-samples'

const RATE = 16_000

/** The track's sound from `fromMs` for `spanMs`, piece by piece: each piece's channels (planar) and where it starts. */
export async function* soundAfter(track: InputAudioTrack, fromMs: number, spanMs = SPLIT_SEARCH_MS): AsyncGenerator<{ startMs: number; channels: Float32Array[] }> {
  const fromS = fromMs / 1000
  const endS = (fromMs + spanMs) / 1000
  for await (const sample of decodedSamples(track, fromMs, { mono: true })) {
    try {
      if (sample.timestamp >= endS) return
      // Only what lies in [from, end) (the first piece may start before it, the last run past it).
      const skip = Math.max(0, Math.round((fromS - sample.timestamp) * sample.sampleRate))
      const keep = Math.round((endS - sample.timestamp) * sample.sampleRate) - skip
      yield { startMs: Math.max(fromMs, sample.timestamp * 1000), channels: planarChannels(sample, skip, keep) }
    } finally {
      sample.close()
    }
  }
}

export async function findSplit(track: InputAudioTrack, middleMs: number): Promise<number> {
  const resampler = new MonoResampler(await track.getSampleRate(), RATE)
  const pieces: Float32Array[] = []
  let length = 0
  let firstMs: number | null = null
  for await (const { startMs, channels } of soundAfter(track, middleMs)) {
    firstMs ??= startMs
    const mono = resampler.push(channels)
    pieces.push(mono)
    length += mono.length
  }
  const all = new Float32Array(length)
  let at = 0
  for (const piece of pieces) {
    all.set(piece, at)
    at += piece.length
  }
  const quiet = firstSilence(all, RATE)
  return quiet === null ? middleMs : Math.round((firstMs ?? middleMs) + (quiet * 1000) / RATE)
}
