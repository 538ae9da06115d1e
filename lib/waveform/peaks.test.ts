import { describe, expect, it } from 'vitest'
import { base64ToBytes, bytesToBase64, decodePeaks, encodePeaks, levelFor, PeaksAssembler, PeaksBuilder, PeaksFormatError, type PeakRun } from '.'

const RATE = 16_000
/** 1 s of a square wave at half scale, 0.5 s of silence, 0.5 s of a full-scale square wave. */
function signal(rate = RATE): Float32Array {
  const out = new Float32Array(rate * 2)
  for (let i = 0; i < rate; i++) out[i] = Math.floor(i / 20) % 2 === 0 ? 0.5 : -0.5
  for (let i = rate * 1.5; i < rate * 2; i++) out[i] = Math.floor(i / 20) % 2 === 0 ? 1 : -1
  return out
}

function build(samples: Float32Array, rate: number, chunk: number, startMs = 0): PeakRun[] {
  const builder = new PeaksBuilder(rate, startMs)
  const runs: PeakRun[] = []
  for (let at = 0; at < samples.length; at += chunk) {
    builder.push(samples.subarray(at, at + chunk))
    const run = builder.take()
    if (run) runs.push(run)
  }
  const last = builder.finish()
  if (last) runs.push(last)
  return runs
}

function assemble(runs: PeakRun[]) {
  const assembler = new PeaksAssembler()
  for (const run of runs) assembler.add(run)
  return assembler.peaks(2000)
}

describe('peaks', () => {
  it('keeps each 10 ms bucket\'s lowest and highest sample as signed bytes', () => {
    const { levels } = assemble(build(signal(), RATE, 4096))
    const [base] = levels
    expect(base.min.length).toBe(200)
    expect([...base.max.slice(0, 100)].every((v) => v === 64)).toBe(true) // 0.5 × 127, rounded
    expect([...base.min.slice(0, 100)].every((v) => v === -64)).toBe(true)
    expect([...base.max.slice(100, 150)].every((v) => v === 0)).toBe(true)
    expect([...base.min.slice(150)].every((v) => v === -127)).toBe(true)
    expect([...base.max.slice(150)].every((v) => v === 127)).toBe(true)
  })

  it('comes out the same whatever the chunks, and progressively', () => {
    const whole = assemble(build(signal(), RATE, 32_000))
    const runs = build(signal(), RATE, 333)
    expect(runs.length).toBeGreaterThan(50)
    expect(assemble(runs)).toEqual(whole)
  })

  it('joins parts that start anywhere, a shared bucket keeping both parts\' extremes', () => {
    const samples = signal()
    const whole = assemble(build(samples, RATE, 1000))
    // Split inside bucket 150 (1505 ms): sine-free silence before, square after.
    const split = Math.round(1.505 * RATE)
    const first = build(samples.subarray(0, split), RATE, 1000)
    const second = build(samples.subarray(split), RATE, 1000, 1505)
    expect(second[0].first).toBe(150)
    expect(assemble([...second, ...first])).toEqual(whole)
  })

  it('cuts buckets at other sample rates on the recording\'s time', () => {
    for (const rate of [44_100, 22_050, 48_000]) {
      const { levels } = assemble(build(signal(rate), rate, 1024))
      expect(levels[0].min.length).toBe(200)
      expect(levels[0].max[99]).toBe(64)
      expect(levels[0].max[100]).toBe(0)
      expect(levels[0].max[150]).toBe(127)
    }
  })

  it('makes the coarser levels from the finest: 4 buckets into one', () => {
    const { levels } = assemble(build(signal(), RATE, 4096))
    expect(levels.map((l) => [l.bucketMs, l.min.length])).toEqual([[10, 200], [40, 50], [160, 13], [640, 4]])
    // Level 160 ms, bucket 9 covers 1440..1600 ms: silence, then the square from 1500.
    expect([levels[2].min[9], levels[2].max[9]]).toEqual([-127, 127])
    expect([levels[2].min[8], levels[2].max[8]]).toEqual([0, 0])
    expect(levelFor({ durationMs: 2000, levels }, 100).bucketMs).toBe(40)
    expect(levelFor({ durationMs: 2000, levels }, 5).bucketMs).toBe(10)
    expect(levelFor({ durationMs: 2000, levels }, 5000).bucketMs).toBe(640)
  })
})

describe('peaks encoding', () => {
  const peaks = assemble(build(signal(), RATE, 4096))

  it('round-trips, compactly', () => {
    const bytes = encodePeaks(peaks)
    expect(bytes.length).toBe(12 + 4 * 8 + 2 * (200 + 50 + 13 + 4))
    expect(decodePeaks(bytes)).toEqual(peaks)
    expect(decodePeaks(base64ToBytes(bytesToBase64(bytes)))).toEqual(peaks)
  })

  it('refuses what is not peaks', () => {
    const bytes = encodePeaks(peaks)
    expect(() => decodePeaks(bytes.subarray(0, bytes.length - 1))).toThrow(PeaksFormatError)
    expect(() => decodePeaks(new Uint8Array([...bytes, 0]))).toThrow(PeaksFormatError)
    expect(() => decodePeaks(new Uint8Array(40))).toThrow(PeaksFormatError)
    const wrongLevel = bytes.slice()
    wrongLevel[12 + 8 + 400 + 4] = 49 // the 40 ms level claims 49 buckets
    expect(() => decodePeaks(wrongLevel)).toThrow(PeaksFormatError)
    const tooShortDuration = bytes.slice()
    new DataView(tooShortDuration.buffer).setUint32(8, 500, true)
    expect(() => decodePeaks(tooShortDuration)).toThrow(PeaksFormatError)
  })
})
