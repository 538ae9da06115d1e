// The first look at a picked file, inside a worker: its first audio track's codec, bitrate, start
// and length, whether all of it can be read (a file cut short still announces its whole length),
// and whether this browser can encode speech at all. Nothing is decoded.

import { ALL_FORMATS, BlobSource, canEncodeAudio, EncodedPacketSink, Input } from 'mediabunny'
import { SPEECH_ENCODING } from './extraction-plan'
import { WorkerProblem, type ProbeInfo } from './extract-protocol'
import { readableSeconds } from './readable-length'

// Less than this missing at the end is an encoder's rounding, not damage.
const DAMAGE_TOLERANCE_MS = 1000

export async function probeAudio(file: Blob): Promise<ProbeInfo> {
  const canEncode = typeof AudioEncoder !== 'undefined' && typeof AudioDecoder !== 'undefined' && (await canEncodeAudio('opus', { numberOfChannels: 1, sampleRate: SPEECH_ENCODING.sampleRate, bitrate: SPEECH_ENCODING.bitrate }).catch(() => false))
  if (!canEncode) throw new WorkerProblem('unsupportedBrowser', 'no Opus encoder')
  const input = new Input({ source: new BlobSource(file), formats: ALL_FORMATS })
  try {
    let track: Awaited<ReturnType<typeof input.getPrimaryAudioTrack>>
    try {
      track = await input.getPrimaryAudioTrack()
    } catch (error) {
      // Not a container Mediabunny knows (or a damaged one).
      throw new WorkerProblem('unreadable', String(error))
    }
    if (!track) {
      // A container the browser knows that lists no track at all has lost its index, not its sound.
      if ((await input.getTracks()).length === 0) throw new WorkerProblem('damagedIndex', 'no track index', { readMs: 0, totalMs: 0, bytes: file.size })
      throw new WorkerProblem('noAudio', 'no audio track')
    }
    if (!(await track.canDecode())) throw new WorkerProblem('undecodable', (await track.getCodec()) ?? 'unknown codec')
    const durationS = (await input.getDurationFromMetadata([track])) ?? (await input.computeDuration([track]))
    const durationMs = Math.round(durationS * 1000)
    const readMs = Math.round((await readableSeconds(new EncodedPacketSink(track), durationS)) * 1000)
    if (readMs < durationMs - DAMAGE_TOLERANCE_MS) throw new WorkerProblem('damaged', `readable ${readMs} of ${durationMs} ms`, { readMs, totalMs: durationMs, bytes: file.size })
    const stats = await track.computePacketStats(200).catch(() => null)
    return { durationMs, codec: await track.getCodec(), bitrate: stats ? Math.round(stats.averageBitrate) : null, firstTimestampMs: Math.max(0, Math.round((await track.getFirstTimestamp()) * 1000)) }
  } finally {
    input.dispose()
  }
}
