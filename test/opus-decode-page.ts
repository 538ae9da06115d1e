// A page for the Chromium tests of Opus decoding (lib/client/recording/worker-decode.test.ts): the picked file's
// packets decoded by WebCodecs singly or joined (opus-join.ts), the workers' own decodedSamples
// from a point mid-file, and the sound the split search (worker-split.ts) hears from there. Samples come back as base64 of planar float32, channel after channel.
import { ALL_FORMATS, BlobSource, EncodedPacketSink, Input, type EncodedPacket } from 'mediabunny'
import { joinOpusFrames, opusFrameS, OpusGrouper } from '@/lib/client/recording/opus-join'
import { decodedSamples } from '@/lib/client/recording/worker-decode'
import { soundAfter } from '@/lib/client/recording/worker-split'

export type Decoded = { firstS: number; frames: number; channels: number; base64: string; calls: number; error: string | null }

const picked = () => (document.getElementById('pick') as HTMLInputElement).files![0]

function encode(planes: Float32Array[][], frames: number): string {
  const out = new Float32Array(frames * planes.length)
  planes.forEach((pieces, c) => {
    let at = c * frames
    for (const piece of pieces) {
      out.set(piece.subarray(0, Math.min(piece.length, (c + 1) * frames - at)), at)
      at += piece.length
    }
  })
  const bytes = new Uint8Array(out.buffer)
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

/** Copies each channel of `data` onto `planes` and closes it; answers its frame count. */
function takePlanes(data: { numberOfChannels: number; numberOfFrames: number; copyTo: (into: Float32Array, options: { planeIndex: number; format: 'f32-planar' }) => void; close: () => void }, planes: Float32Array[][]): number {
  for (let c = 0; c < data.numberOfChannels; c++) {
    const plane = new Float32Array(data.numberOfFrames)
    data.copyTo(plane, { planeIndex: c, format: 'f32-planar' })
    ;(planes[c] ??= []).push(plane)
  }
  const frames = data.numberOfFrames
  data.close()
  return frames
}

/** Every packet from the start decoded, one decode() call per group of up to `maxS` (0: each packet alone). */
async function decodeAll(maxS: number): Promise<Decoded> {
  const input = new Input({ source: new BlobSource(picked()), formats: ALL_FORMATS })
  const track = (await input.getPrimaryAudioTrack())!
  const planes: Float32Array[][] = []
  let frames = 0
  let firstS = NaN
  let error: string | null = null
  const decoder = new AudioDecoder({
    output: (data) => {
      if (Number.isNaN(firstS)) firstS = data.timestamp / 1e6
      frames += takePlanes(data, planes)
    },
    error: (e) => void (error = String(e)),
  })
  decoder.configure((await track.getDecoderConfig())!)
  const grouper = new OpusGrouper<EncodedPacket>(maxS)
  let calls = 0
  const send = (group: EncodedPacket[]) => {
    calls++
    const last = group[group.length - 1]
    const durationS = last.timestamp + opusFrameS(last.data[0]) - group[0].timestamp
    decoder.decode(new EncodedAudioChunk({ type: 'key', timestamp: Math.round(group[0].timestamp * 1e6), duration: Math.round(durationS * 1e6), data: joinOpusFrames(group.map((p) => p.data)) }))
  }
  for await (const packet of new EncodedPacketSink(track).packets()) {
    if (maxS === 0) send([packet])
    else grouper.add(packet).forEach(send)
  }
  grouper.end().forEach(send)
  await decoder.flush().catch((e: unknown) => void (error ??= String(e)))
  input.dispose()
  return { firstS, frames, channels: planes.length, base64: encode(planes, frames), calls, error }
}

/** The workers' decodedSamples from `startMs`, its first `spanMs` of output (mixed down by the decoder with `mono`). */
async function decodeFrom(startMs: number, spanMs: number, mono = false): Promise<Decoded> {
  const input = new Input({ source: new BlobSource(picked()), formats: ALL_FORMATS })
  const track = (await input.getPrimaryAudioTrack())!
  const planes: Float32Array[][] = []
  let frames = 0
  let firstS = NaN
  for await (const sample of decodedSamples(track, startMs, { mono })) {
    if (Number.isNaN(firstS)) firstS = sample.timestamp
    frames += takePlanes(sample, planes)
    if (frames >= (spanMs / 1000) * (await track.getSampleRate())) break
  }
  input.dispose()
  return { firstS, frames, channels: planes.length, base64: encode(planes, frames), calls: 0, error: null }
}

/** The split search's sound from `startMs` (worker-split.ts soundAfter), its first `spanMs`, as one channel (the mean of its channels). */
async function splitSound(startMs: number, spanMs: number): Promise<Decoded> {
  const input = new Input({ source: new BlobSource(picked()), formats: ALL_FORMATS })
  const track = (await input.getPrimaryAudioTrack())!
  const pieces: Float32Array[] = []
  let frames = 0
  let firstS = NaN
  for await (const { startMs: at, channels } of soundAfter(track, startMs, spanMs)) {
    if (Number.isNaN(firstS)) firstS = at / 1000
    const mono = channels.length === 1 ? channels[0] : channels[0].map((_, i) => channels.reduce((sum, c) => sum + c[i], 0) / channels.length)
    pieces.push(mono)
    frames += mono.length
  }
  input.dispose()
  return { firstS, frames, channels: 1, base64: encode([pieces], frames), calls: 0, error: null }
}

Object.assign(window, { decodeAll, decodeFrom, splitSound })
