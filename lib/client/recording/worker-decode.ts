// A track's sound decoded from `startMs` on, inside a worker: its packets fed straight to a
// WebCodecs AudioDecoder, many queued at once. Decoding is most of an extraction's time (30 minutes
// of 96 kbit/s stereo Opus out of a 1 GB video, bench:transcribe-browser with timers in the worker:
// ~7 s waiting on the decoder, ~1 s reading the packets, 0.45 s resampling, 0.3 s encoding), and
// much of it is the decoder's cost per call: Opus frames of one configuration are joined into
// packets of up to 120 ms (opus-join.ts), a sixth of the calls (5 minutes of 96 kbit/s stereo in
// Chromium: 3.0 s one packet a call, 1.7 s in pairs, 0.9 s so), and a stereo track is decoded
// straight to mono (opus-head.ts) when the caller mixes it down anyway.
// A part that starts mid-file (Opus) first decodes PREROLL_S of sound before its start and drops
// it: a decoder started cold gets its first frames wrong (here 90 % off in the first 10 ms).

import { AudioSample, EncodedPacketSink, type EncodedPacket, type InputAudioTrack } from 'mediabunny'
import { WorkerProblem } from './extract-protocol'
import { joinOpusFrames, opusFrameS, OpusGrouper } from './opus-join'
import { monoOpusHead, opusPreSkipS } from './opus-head'
import { whenPageIsFree } from './worker-pace'

/** Packets queued in the decoder at most: enough to keep it busy, few enough to bound memory. */
const IN_FLIGHT = 64
/** Sound decoded before a mid-file start and dropped: RFC 7845 (4.6) asks at least 80 ms; Chromium's decoder, measured, is within 0.3 % after 200 ms and exact after 400. */
export const PREROLL_S = 0.4

/**
 * Decoded samples in order, from the packet holding `startMs` (the first may start before it:
 * the caller cuts what lies before); closing the iterator stops decoding. With `mono`, a stereo
 * Opus track comes out as one channel, mixed by the decoder (opus-head.ts); other tracks as they are.
 */
export async function* decodedSamples(track: InputAudioTrack, startMs: number, { mono = false }: { mono?: boolean } = {}): AsyncGenerator<AudioSample> {
  const config = await track.getDecoderConfig()
  if (!config) throw new WorkerProblem('undecodable', `no decoder for ${track.codec ?? 'unknown codec'}`)
  const monoHead = mono && track.codec === 'opus' ? monoOpusHead(config.description) : null
  const packets = new EncodedPacketSink(track)
  const first = await packets.getPacket(startMs / 1000)
  const opus = track.codec === 'opus'
  const from = opus && first && startMs > 0 ? await packets.getPacket(Math.max(0, first.timestamp - PREROLL_S)) : first
  // Pre-roll packets are decoded apart from the rest (never joined with the start's packet), and
  // their output dropped. Chromium labels output in presentation time, counted on from the first
  // packet less the pre-skip it cut there: the start's packet comes out labelled that much earlier.
  // (WebM rounds times to 1 ms, hence the margin.)
  const startS = first?.timestamp ?? 0
  const prerolls = from !== null && from.timestamp < startS
  const prerollPacket = (timestampS: number) => timestampS < startS - 0.001
  const prerollOutput = (timestampS: number) => timestampS < startS - (opus ? opusPreSkipS(config.description) : 0) - 0.001
  const ready: AudioSample[] = []
  let failure: unknown = null
  let wake: (() => void) | null = null
  const signal = () => {
    wake?.()
    wake = null
  }
  const decoder = new AudioDecoder({
    output: (data) => {
      if (prerolls && prerollOutput(data.timestamp / 1e6)) return data.close()
      ready.push(new AudioSample(data))
      signal()
    },
    error: (error) => {
      failure = error
      signal()
    },
  })
  decoder.configure(monoHead ? { ...config, numberOfChannels: 1, description: monoHead } : config)
  const waitForOutput = () => new Promise<void>((resolve) => (wake = resolve))
  const grouper = opus ? new OpusGrouper<EncodedPacket>() : null
  const send = async (group: EncodedPacket[]) => {
    while (decoder.decodeQueueSize + ready.length >= IN_FLIGHT) await new Promise((resolve) => setTimeout(resolve, 1))
    await whenPageIsFree()
    decoder.decode(group.length === 1 ? group[0].toEncodedAudioChunk() : joinedChunk(group))
  }
  let prerolling = prerolls
  const feed = (async () => {
    for await (const packet of packets.packets(from ?? undefined)) {
      if (failure || decoder.state === 'closed') return
      if (grouper && prerolling && !prerollPacket(packet.timestamp)) for (const group of grouper.end()) await send(group)
      prerolling = prerollPacket(packet.timestamp)
      for (const group of grouper ? grouper.add(packet) : [[packet]]) await send(group)
    }
    for (const group of grouper?.end() ?? []) await send(group)
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

/** A group of single-frame Opus packets as one chunk (opus-join.ts), timed from its first to its last frame's end. */
function joinedChunk(group: EncodedPacket[]): EncodedAudioChunk {
  const last = group[group.length - 1]
  const durationS = last.timestamp + opusFrameS(last.data[0]) - group[0].timestamp
  return new EncodedAudioChunk({ type: 'key', timestamp: Math.round(group[0].timestamp * 1e6), duration: Math.round(durationS * 1e6), data: joinOpusFrames(group.map((p) => p.data)) })
}
