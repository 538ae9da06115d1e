'use client'

// How much of a recording the browser can really read. A file cut short (a download or a copy that
// stopped) keeps the header of the whole: an MP4 whose index sits at the front still announces its
// full length and lists packets whose bytes are gone. Mediabunny answers null for such a packet, so
// the readable length is found by asking for packets, not by trusting the header.

import type { EncodedPacket } from 'mediabunny'

/** The one call this needs of Mediabunny's EncodedPacketSink (a fake in unit tests). */
export type PacketReader = { getPacket(timestamp: number): Promise<Pick<EncodedPacket, 'timestamp' | 'duration'> | null> }

// A tenth of a second: finer than any cue needs, and about 17 reads for a 3-hour recording.
const PRECISION_S = 0.1

/**
 * Answers the seconds of the track that can be read from the start, `durationS` when the whole
 * track can. Rules: the last packet is read first (one read for a whole file); when it cannot be,
 * the end of the readable part is found by halving, each step one packet read.
 */
export async function readableSeconds(reader: PacketReader, durationS: number): Promise<number> {
  if (durationS <= 0) return 0
  const endOf = (packet: Pick<EncodedPacket, 'timestamp' | 'duration'>) => packet.timestamp + packet.duration
  const last = await reader.getPacket(Math.max(0, durationS - PRECISION_S / 2))
  if (last) return durationS
  let low = 0
  let readable = 0
  let high = durationS
  const first = await reader.getPacket(0)
  if (!first) return 0
  readable = endOf(first)
  low = Math.max(low, first.timestamp)
  while (high - low > PRECISION_S) {
    const middle = (low + high) / 2
    const packet = await reader.getPacket(middle)
    if (packet) {
      low = middle
      readable = Math.max(readable, endOf(packet))
    } else {
      high = middle
    }
  }
  return Math.min(readable, durationS)
}
