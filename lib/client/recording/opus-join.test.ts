import { describe, expect, it } from 'vitest'
import { canJoin, joinOpusFrames, opusFrameS, OpusGrouper, type OpusPacket } from './opus-join'

// TOC bytes (RFC 6716, 3.1): config in the top 5 bits, stereo flag, then the frame count code.
const CELT_FB_20MS_STEREO = (31 << 3) | 0b100 // config 31: CELT-only, fullband, 20 ms
const CELT_FB_20MS_MONO = 31 << 3
const CELT_FB_10MS_STEREO = (30 << 3) | 0b100
const SILK_WB_20MS = 9 << 3 // config 9: SILK-only, wideband, 20 ms
const CELT_FB_2_5MS = 28 << 3 // config 28: CELT-only, fullband, 2.5 ms

/** A single-frame (code 0) packet: the TOC byte, then `length` bytes counting up from `fill`. */
const frame = (toc: number, length: number, fill = 0) => Uint8Array.from([toc, ...Array.from({ length }, (_, i) => (fill + i) & 0xff)])
const at = (data: Uint8Array, timestamp: number): OpusPacket => ({ data, timestamp })

describe('opusFrameS', () => {
  it('reads the frame length of every mode from the TOC byte', () => {
    expect(opusFrameS(SILK_WB_20MS)).toBe(0.02)
    expect(opusFrameS(11 << 3)).toBe(0.06) // SILK wideband 60 ms
    expect(opusFrameS(13 << 3)).toBe(0.02) // hybrid fullband 20 ms
    expect(opusFrameS(CELT_FB_2_5MS)).toBe(0.0025)
    expect(opusFrameS(CELT_FB_20MS_STEREO)).toBe(0.02)
  })
})

describe('joinOpusFrames', () => {
  it('writes frames of one length with constant-bitrate framing: code 3, the count, no lengths', () => {
    const joined = joinOpusFrames([frame(CELT_FB_20MS_STEREO, 3, 10), frame(CELT_FB_20MS_STEREO, 3, 20), frame(CELT_FB_20MS_STEREO, 3, 30)])
    expect([...joined]).toEqual([CELT_FB_20MS_STEREO | 3, 3, 10, 11, 12, 20, 21, 22, 30, 31, 32])
  })

  it('writes frames of different lengths with variable-bitrate framing: the v flag and every length but the last', () => {
    const joined = joinOpusFrames([frame(SILK_WB_20MS, 2, 1), frame(SILK_WB_20MS, 0), frame(SILK_WB_20MS, 4, 7)])
    expect([...joined]).toEqual([SILK_WB_20MS | 3, 0x80 | 3, 2, 0, 1, 2, 7, 8, 9, 10])
  })

  it('codes a length of 252 or more in two bytes, 252 + length % 4 then the rest / 4 (RFC 6716, 3.2.1)', () => {
    const lengths = [251, 252, 255, 1000, 1275, 9]
    const joined = joinOpusFrames(lengths.map((l, i) => frame(CELT_FB_20MS_MONO, l, i)))
    expect([...joined.subarray(0, 2)]).toEqual([CELT_FB_20MS_MONO | 3, 0x80 | 6])
    // 251: one byte; 252 = 252 + 4*0; 255 = 255 + 4*0; 1000 = 252 + 4*187; 1275 = 255 + 4*255.
    expect([...joined.subarray(2, 11)]).toEqual([251, 252, 0, 255, 0, 252, 187, 255, 255])
    expect(joined.length).toBe(11 + lengths.reduce((a, b) => a + b, 0))
    // The frames follow in order, each without its TOC byte.
    let offset = 11
    lengths.forEach((l, i) => {
      expect(joined[offset]).toBe(i)
      offset += l
    })
  })

  it('gives a single packet back as it is', () => {
    const one = frame(CELT_FB_20MS_STEREO, 5)
    expect(joinOpusFrames([one])).toBe(one)
  })

  it('refuses packets of different configurations, packets of several frames and frames over 1275 bytes', () => {
    expect(() => joinOpusFrames([frame(CELT_FB_20MS_STEREO, 3), frame(CELT_FB_20MS_MONO, 3)])).toThrow()
    expect(() => joinOpusFrames([frame(CELT_FB_20MS_STEREO, 3), frame(CELT_FB_20MS_STEREO | 1, 4)])).toThrow()
    expect(() => joinOpusFrames([frame(CELT_FB_20MS_STEREO, 1276), frame(CELT_FB_20MS_STEREO, 3)])).toThrow()
  })
})

describe('canJoin', () => {
  const p20 = (timestamp: number, toc = CELT_FB_20MS_STEREO) => at(frame(toc, 10), timestamp)

  it('joins contiguous frames of one TOC byte up to 120 ms', () => {
    const group = [p20(1), p20(1.02), p20(1.04), p20(1.06), p20(1.08)]
    expect(canJoin(group, p20(1.1))).toBe(true)
    expect(canJoin([...group, p20(1.1)], p20(1.12))).toBe(false)
    // WebM rounds times to the millisecond.
    expect(canJoin([p20(1)], p20(1.021))).toBe(true)
  })

  it('does not join across a gap, a change of mode, bandwidth, frame length or channels, or a packet of several frames', () => {
    expect(canJoin([p20(1)], p20(1.04))).toBe(false)
    expect(canJoin([p20(1)], p20(1.02, SILK_WB_20MS | 0b100))).toBe(false)
    expect(canJoin([p20(1)], p20(1.02, CELT_FB_20MS_MONO))).toBe(false)
    expect(canJoin([p20(1)], p20(1.02, CELT_FB_10MS_STEREO))).toBe(false)
    expect(canJoin([p20(1)], at(Uint8Array.from([CELT_FB_20MS_STEREO | 1, 1, 2]), 1.02))).toBe(false)
    expect(canJoin([], at(Uint8Array.from([CELT_FB_20MS_STEREO | 3, 2, 1, 2]), 1))).toBe(false)
  })

  it('stops at 48 frames of 2.5 ms (120 ms, the most a count byte of 6 bits holds)', () => {
    const group = Array.from({ length: 47 }, (_, i) => at(frame(CELT_FB_2_5MS, 2), i * 0.0025))
    expect(canJoin(group, at(frame(CELT_FB_2_5MS, 2), 47 * 0.0025))).toBe(true)
    expect(canJoin([...group, at(frame(CELT_FB_2_5MS, 2), 47 * 0.0025)], at(frame(CELT_FB_2_5MS, 2), 48 * 0.0025))).toBe(false)
  })
})

describe('OpusGrouper', () => {
  it('groups a stream into packets of up to 120 ms, alone where joining is not allowed, every packet once and in order', () => {
    const stream = [
      ...Array.from({ length: 8 }, (_, i) => at(frame(CELT_FB_20MS_STEREO, 5), i * 0.02)), // 0..0.16
      at(frame(SILK_WB_20MS, 5), 0.16), // the mode changes
      at(frame(SILK_WB_20MS, 5), 0.18),
      at(Uint8Array.from([SILK_WB_20MS | 1, 1, 1]), 0.2), // two frames already
      at(frame(SILK_WB_20MS, 5), 0.3), // after a gap
    ]
    const grouper = new OpusGrouper()
    const groups = [...stream.flatMap((p) => grouper.add(p)), ...grouper.end()]
    expect(groups.map((g) => g.map((p) => stream.indexOf(p)))).toEqual([[0, 1, 2, 3, 4, 5], [6, 7], [8, 9], [10], [11]])
  })
})
