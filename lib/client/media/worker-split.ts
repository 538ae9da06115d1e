// Where the second half of a recording starts: the first silence after the middle, so that no word
// is cut between the two workers' parts (the server then plans each part's chunks on its own).
// Decodes at most SPLIT_SEARCH_MS of sound from the middle; answers the middle when it is all speech.

import type { InputAudioTrack } from 'mediabunny'
import { AudioSampleSink } from 'mediabunny'
import { SPLIT_SEARCH_MS } from './extract-protocol'
import { firstSilence, MonoResampler } from './mono-16k'
import { planarChannels } from './worker-samples'

const RATE = 16_000

export async function findSplit(track: InputAudioTrack, middleMs: number): Promise<number> {
  const sink = new AudioSampleSink(track)
  const resampler = new MonoResampler(await track.getSampleRate(), RATE)
  const pieces: Float32Array[] = []
  let length = 0
  let firstMs: number | null = null
  for await (const sample of sink.samples(middleMs / 1000, (middleMs + SPLIT_SEARCH_MS) / 1000, {})) {
    try {
      firstMs ??= Math.max(middleMs, sample.timestamp * 1000)
      // Only what lies past the middle (the first sample may start before it).
      const skip = Math.max(0, Math.round((middleMs / 1000 - sample.timestamp) * sample.sampleRate))
      const mono = resampler.push(planarChannels(sample, skip))
      pieces.push(mono)
      length += mono.length
    } finally {
      sample.close()
    }
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
