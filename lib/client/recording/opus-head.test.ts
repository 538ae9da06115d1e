import { describe, expect, it } from 'vitest'
import { monoOpusHead, opusPreSkipS } from './opus-head'

/** An OpusHead of `channels`, pre-skip 312, 48 kHz, mapping `family` (with its table when not 0). */
const head = (channels: number, family = 0) =>
  Uint8Array.from([...[...'OpusHead'].map((c) => c.charCodeAt(0)), 1, channels, 0x38, 0x01, 0x80, 0xbb, 0, 0, 0, 0, family, ...(family === 0 ? [] : [1, channels - 1, ...Array.from({ length: channels }, (_, i) => i)])])

describe('opusPreSkipS', () => {
  it('reads the pre-skip of an OpusHead, and 0 without one', () => {
    expect(opusPreSkipS(head(2))).toBeCloseTo(312 / 48_000, 9)
    expect(opusPreSkipS(head(2).buffer)).toBeCloseTo(312 / 48_000, 9)
    expect(opusPreSkipS(undefined)).toBe(0)
    expect(opusPreSkipS(new Uint8Array(19))).toBe(0)
  })
})

describe('monoOpusHead', () => {
  it('turns a stereo header into a mono one and changes nothing else, leaving the original alone', () => {
    const stereo = head(2)
    const mono = monoOpusHead(stereo)!
    expect(mono[9]).toBe(1)
    expect([...mono.subarray(10)]).toEqual([...stereo.subarray(10)])
    expect(opusPreSkipS(mono)).toBe(opusPreSkipS(stereo))
    expect(stereo[9]).toBe(2)
    // A view into a larger buffer is read at its own offset.
    const padded = new Uint8Array(40)
    padded.set(stereo, 7)
    expect([...monoOpusHead(padded.subarray(7, 7 + stereo.length))!]).toEqual([...mono])
  })

  it('leaves mono, surround and anything not an OpusHead as they are', () => {
    expect(monoOpusHead(head(1))).toBeNull()
    expect(monoOpusHead(head(2, 1))).toBeNull()
    expect(monoOpusHead(head(6, 1))).toBeNull()
    expect(monoOpusHead(undefined)).toBeNull()
    expect(monoOpusHead(new Uint8Array(19))).toBeNull()
  })
})
