// Decoded audio as plain arrays, inside a worker.

import type { AudioSample } from 'mediabunny'

/** The sample's channels as planar float arrays, without its first `skip` and past `keep` frames. */
export function planarChannels(sample: AudioSample, skip = 0, keep = sample.numberOfFrames - skip): Float32Array[] {
  const frames = Math.max(0, Math.min(keep, sample.numberOfFrames - skip))
  const channels: Float32Array[] = []
  for (let c = 0; c < sample.numberOfChannels; c++) {
    const plane = new Float32Array(frames)
    if (frames > 0) sample.copyTo(plane, { planeIndex: c, format: 'f32-planar', frameOffset: skip, frameCount: frames })
    channels.push(plane)
  }
  return channels
}

/** Pieces gathered one after another, as one array of `length` items (`into` makes it). */
export function joined<T extends Float32Array | Uint8Array>(pieces: readonly T[], length: number, into: (length: number) => T): T {
  const whole = into(length)
  let at = 0
  for (const piece of pieces) {
    whole.set(piece, at)
    at += piece.length
  }
  return whole
}
