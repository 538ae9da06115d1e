// A track's sound decoded from `startMs` on, inside a worker: its packets fed straight to a
// WebCodecs AudioDecoder, many queued at once. Decoding is most of an extraction's time (30 minutes
// of 20 ms Opus packets: ~26 s, against ~3 s to read them out of a 1 GB video, ~3 s to resample
// and ~3 s to encode), and much of it is the decoder's cost per call: Opus frames of one
// configuration are joined in pairs into one packet (RFC 6716, code 3), half the calls.

import { AudioSample, EncodedPacketSink, type EncodedPacket, type InputAudioTrack } from 'mediabunny'
import { WorkerProblem } from './extract-protocol'

/** Opus frames joined into one packet up to this length: Chromium's decoder refuses 60 ms of 48 kHz stereo. */
const JOIN_S = 0.04
/** Packets queued in the decoder at most: enough to keep it busy, few enough to bound memory. */
const IN_FLIGHT = 256

/** Decoded samples in order, from the packet holding `startMs`; closing the iterator stops decoding. */
export async function* decodedSamples(track: InputAudioTrack, startMs: number): AsyncGenerator<AudioSample> {
  const config = await track.getDecoderConfig()
  if (!config) throw new WorkerProblem('undecodable', `no decoder for ${track.codec ?? 'unknown codec'}`)
  const ready: AudioSample[] = []
  let failure: unknown = null
  let wake: (() => void) | null = null
  const signal = () => {
    wake?.()
    wake = null
  }
  const decoder = new AudioDecoder({
    output: (data) => {
      ready.push(new AudioSample(data))
      signal()
    },
    error: (error) => {
      failure = error
      signal()
    },
  })
  decoder.configure(config)
  const waitForOutput = () => new Promise<void>((resolve) => (wake = resolve))
  const packets = new EncodedPacketSink(track)
  const first = await packets.getPacket(startMs / 1000)
  const opus = track.codec === 'opus'
  let group: EncodedPacket[] = []
  const send = async () => {
    if (group.length === 0) return
    while (decoder.decodeQueueSize + ready.length >= IN_FLIGHT) await new Promise((resolve) => setTimeout(resolve, 1))
    const chunk = group.length === 1 ? group[0].toEncodedAudioChunk() : joinOpus(group)
    decoder.decode(chunk)
    group = []
  }
  const feed = (async () => {
    for await (const packet of packets.packets(first ?? undefined)) {
      if (failure || decoder.state === 'closed') return
      // Only contiguous frames are joined: a gap in the timestamps must stay a gap (it becomes silence).
      // (A WebM cluster's last block has no duration: the frame's own length is read from its TOC byte.)
      const last = group.at(-1)
      const joinable = opus && (packet.data[0] & 3) === 0 && (!last || (packet.data[0] === last.data[0] && Math.abs(packet.timestamp - last.timestamp - opusFrameS(last.data[0])) < 0.0015))
      if (!joinable || (group.length + 1) * opusFrameS(packet.data[0]) > JOIN_S + 1e-6) await send()
      group.push(packet)
      if (!joinable) await send()
    }
    await send()
    if (decoder.state !== 'closed') await decoder.flush()
  })()
  let fed = false
  void feed.then(
    () => ((fed = true), signal()),
    (error: unknown) => ((failure ??= error), signal()),
  )
  try {
    for (;;) {
      if (failure) throw failure
      const sample = ready.shift()
      if (sample) yield sample
      else if (fed) return
      else await waitForOutput()
    }
  } finally {
    for (const sample of ready) sample.close()
    if (decoder.state !== 'closed') decoder.close()
  }
}

/** The length of a frame of an Opus packet from its TOC byte (RFC 6716, 3.1), in seconds. */
function opusFrameS(toc: number): number {
  const config = toc >> 3
  const ms = config < 12 ? [10, 20, 40, 60][config & 3] : config < 16 ? [10, 20][config & 1] : [2.5, 5, 10, 20][config & 3]
  return ms / 1000
}

/** Single-frame Opus packets of one configuration joined into one multi-frame packet (RFC 6716, 3.2.5, code 3, VBR). */
function joinOpus(group: EncodedPacket[]): EncodedAudioChunk {
  const sizes = group.slice(0, -1).map((p) => (p.byteLength < 252 ? [p.byteLength] : [252 + (p.byteLength & 3), (p.byteLength - 252 - (p.byteLength & 3)) >> 2]))
  const header = [group[0].data[0] | 3, 0x80 | group.length, ...sizes.flat()]
  const data = new Uint8Array(header.length + group.reduce((sum, p) => sum + p.byteLength - 1, 0))
  data.set(header)
  let at = header.length
  for (const p of group) {
    data.set(p.data.subarray(1), at)
    at += p.byteLength - 1
  }
  const last = group[group.length - 1]
  return new EncodedAudioChunk({ type: 'key', timestamp: Math.round(group[0].timestamp * 1e6), duration: Math.round((last.timestamp + opusFrameS(last.data[0]) - group[0].timestamp) * 1e6), data })
}
