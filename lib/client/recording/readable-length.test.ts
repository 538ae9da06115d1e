import { describe, expect, it } from 'vitest'
import { readableSeconds, type PacketReader } from './readable-length'

// A track of 20 ms packets whose bytes exist up to `presentS` (a file cut there), as Mediabunny
// answers: the packet containing a time (the last one past the end), or null when its bytes are gone.
function track(durationS: number, presentS: number): PacketReader & { reads: number } {
  const reader = {
    reads: 0,
    async getPacket(t: number) {
      reader.reads += 1
      const timestamp = Math.min(Math.floor(t / 0.02) * 0.02, durationS - 0.02)
      return timestamp + 0.02 <= presentS + 1e-9 ? { timestamp, duration: 0.02 } : null
    },
  }
  return reader
}

describe('readableSeconds', () => {
  it('answers the whole length of a whole file with one read', async () => {
    const reader = track(40, 40)
    expect(await readableSeconds(reader, 40)).toBe(40)
    expect(reader.reads).toBe(1)
  })

  it('finds where a file cut short stops being readable, to a tenth of a second', async () => {
    const reader = track(10_800, 4.06)
    const readable = await readableSeconds(reader, 10_800)
    expect(readable).toBeGreaterThan(3.9)
    expect(readable).toBeLessThanOrEqual(4.06)
    expect(reader.reads).toBeLessThan(25)
  })

  it('answers 0 when not even the first packet can be read', async () => {
    expect(await readableSeconds(track(40, 0), 40)).toBe(0)
  })
})
