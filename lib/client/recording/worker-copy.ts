// One part of a recording whose sound is already speech-sized (extraction-plan.ts): its packets are
// copied into a container of their own without decoding them (Opus into Ogg, AAC into ADTS, MP3
// as it is), their times moved so that the part starts at 0.

import { ALL_FORMATS, BlobSource, EncodedPacketSink, EncodedAudioPacketSource, Input, type AudioCodec } from 'mediabunny'
import { WorkerProblem, type PartFormat } from './extract-protocol'
import { findSplit } from './worker-split'
import { streamedOutput } from './worker-output'
import type { PartRun } from './worker-encode'
import { whenPageIsFree } from './worker-pace'

const FORMATS: Partial<Record<AudioCodec, PartFormat>> = { opus: 'ogg', aac: 'adts', mp3: 'mp3' }

export async function copyPart(run: PartRun): Promise<{ durationMs: number; format: PartFormat }> {
  const input = new Input({ source: new BlobSource(run.file), formats: ALL_FORMATS })
  try {
    const track = await input.getPrimaryAudioTrack()
    const codec = await track?.getCodec()
    const format = codec ? FORMATS[codec] : undefined
    if (!track || !codec || !format) throw new WorkerProblem('undecodable', `cannot copy ${codec ?? 'this audio'}`)
    const decoderConfig = (await track.getDecoderConfig()) ?? undefined
    const sink = new EncodedPacketSink(track)
    const splitMs = run.findStart ? await findSplit(track, run.startMs) : run.startMs
    // The packet holding the start (a few ms before it at most), then every packet up to the end:
    // the part starts where that packet does, so the part before it ends exactly there.
    const first = (await sink.getPacket(splitMs / 1000)) ?? (splitMs === 0 ? await sink.getFirstPacket() : null)
    const baseS = first ? first.timestamp : splitMs / 1000
    run.onStart(Math.round(baseS * 1000))
    const source = new EncodedAudioPacketSource(codec)
    const { output, flush } = streamedOutput(format, run.onData)
    output.addAudioTrack(source)
    await output.start()

    let endMs: number | null = null
    let lastEndMs = baseS * 1000
    let isFirst = true
    if (first) {
      for await (const packet of sink.packets(first, undefined, {})) {
        const packetMs = packet.timestamp * 1000
        if (endMs === null && packetMs + packet.duration * 1000 >= run.nominalEndMs) endMs = await run.endMs()
        if (packetMs >= (endMs ?? Infinity)) break
        await whenPageIsFree()
        await source.add(packet.clone({ timestamp: packet.timestamp - baseS }), isFirst ? { decoderConfig } : undefined)
        isFirst = false
        lastEndMs = packetMs + packet.duration * 1000
        run.onProgress(lastEndMs)
      }
    }
    source.close()
    await output.finalize()
    flush()
    return { durationMs: Math.round(lastEndMs - baseS * 1000), format }
  } finally {
    input.dispose()
  }
}
