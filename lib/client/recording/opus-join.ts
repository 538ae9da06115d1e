// Single-frame Opus packets joined into multi-frame packets (RFC 6716, 3.2.5, code 3), so that a
// WebCodecs AudioDecoder is called once per up to 120 ms of sound instead of once per 20 ms: most
// of its time is the cost of a call, not the decoding. Pure byte work, no WebCodecs, no mediabunny.

/** An Opus packet as a demuxer gives it: its bytes, and where it starts, in seconds. */
export type OpusPacket = { data: Uint8Array; timestamp: number }

/** The longest packet RFC 6716 allows (3.2.5: at most 120 ms of audio in one packet). */
export const MAX_PACKET_S = 0.12
/** Frames in one code-3 packet at most (6 bits of count; 48 frames of 2.5 ms is already 120 ms). */
const MAX_FRAMES = 48
/** The longest frame RFC 6716 allows (3.4, R2). */
const MAX_FRAME_BYTES = 1275
/** Timestamps this close are contiguous: containers round to the millisecond (WebM), Ogg to a sample. */
const CONTIGUOUS_S = 0.0015

/** The length of one frame of an Opus packet from its TOC byte (RFC 6716, 3.1), in seconds. */
export function opusFrameS(toc: number): number {
  const config = toc >> 3
  const ms = config < 12 ? [10, 20, 40, 60][config & 3] : config < 16 ? [10, 20][config & 1] : [2.5, 5, 10, 20][config & 3]
  return ms / 1000
}

/** A packet that holds exactly one frame (code 0) of a frame length RFC 6716 allows. */
const singleFrame = (p: OpusPacket) => p.data.length >= 1 && (p.data[0] & 3) === 0 && p.data.length - 1 <= MAX_FRAME_BYTES

/**
 * Whether `next` can join `group` in one code-3 packet: both single frames of the same
 * configuration, mode, bandwidth, frame size and stereo flag (the whole TOC byte), `next` starting
 * where the group ends (a gap must stay a gap: it becomes silence), and the whole at most `maxS`.
 */
export function canJoin(group: readonly OpusPacket[], next: OpusPacket, maxS = MAX_PACKET_S): boolean {
  if (!singleFrame(next)) return false
  if (group.length === 0) return true
  const last = group[group.length - 1]
  if (!singleFrame(last) || next.data[0] !== group[0].data[0] || group.length >= MAX_FRAMES) return false
  const frameS = opusFrameS(next.data[0])
  return Math.abs(next.timestamp - last.timestamp - frameS) < CONTIGUOUS_S && (group.length + 1) * frameS <= maxS + 1e-9
}

/** A frame length as RFC 6716 3.2.1 codes it: one byte below 252, else two (252 + len % 4, then the rest / 4). */
function frameLengthBytes(length: number): number[] {
  if (length < 252) return [length]
  const first = 252 + (length & 3)
  return [first, (length - first) >> 2]
}

/**
 * Single-frame packets of one TOC byte joined into one code-3 packet: constant-bitrate framing when
 * every frame has the same length (no lengths written), else variable-bitrate framing with the
 * length of every frame but the last. One packet is answered as it is.
 */
export function joinOpusFrames(packets: readonly Uint8Array[]): Uint8Array {
  if (packets.length === 0) throw new Error('no Opus packets to join')
  if (packets.length === 1) return packets[0]
  const toc = packets[0][0]
  if (packets.length > MAX_FRAMES || packets.some((p) => p[0] !== toc || (p[0] & 3) !== 0 || p.length - 1 > MAX_FRAME_BYTES)) throw new Error('only single-frame Opus packets of one configuration can be joined')
  const lengths = packets.map((p) => p.length - 1)
  const cbr = lengths.every((l) => l === lengths[0])
  const header = cbr ? [toc | 3, packets.length] : [toc | 3, 0x80 | packets.length, ...lengths.slice(0, -1).flatMap(frameLengthBytes)]
  const data = new Uint8Array(header.length + lengths.reduce((a, b) => a + b, 0))
  data.set(header)
  let at = header.length
  for (const p of packets) {
    data.set(p.subarray(1), at)
    at += p.length - 1
  }
  return data
}

/**
 * Groups a stream of Opus packets for joining: `add` answers the groups it has closed, `end` the
 * last one. Packets that cannot be joined (several frames already, another configuration, after a
 * gap) come out as groups of one.
 */
export class OpusGrouper<P extends OpusPacket> {
  private group: P[] = []
  constructor(private readonly maxS = MAX_PACKET_S) {}

  add(packet: P): P[][] {
    if (canJoin(this.group, packet, this.maxS)) {
      this.group.push(packet)
      return []
    }
    const closed = this.end()
    this.group = [packet]
    return closed
  }

  end(): P[][] {
    const closed = this.group.length > 0 ? [this.group] : []
    this.group = []
    return closed
  }
}
