import { describe, expect, it } from 'vitest'
import { firstSilence, MonoResampler } from './mono-16k'

const tone = (frames: number, rate: number, hz = 440, level = 0.5) => Float32Array.from({ length: frames }, (_, i) => level * Math.sin((2 * Math.PI * hz * i) / rate))

describe('MonoResampler', () => {
  it('turns 48 kHz stereo into 16 kHz mono, one output sample per three inputs, whatever the block sizes', () => {
    const resampler = new MonoResampler(48_000, 16_000)
    let out = 0
    for (const size of [960, 1000, 7, 48_000 - 1967]) out += resampler.push([new Float32Array(size).fill(0.5), new Float32Array(size).fill(-0.1)]).length
    expect(out).toBe(16_000)
  })

  it('averages each three inputs of one channel exactly, carrying the odd ones across blocks', () => {
    const input = Float32Array.from({ length: 9_000 }, (_, i) => Math.sin(i * 0.37) * 0.8)
    const resampler = new MonoResampler(48_000, 16_000)
    const out: number[] = []
    for (let at = 0, size = 1; at < input.length; at += size, size = size * 2 + 1) out.push(...resampler.push([input.slice(at, at + size)]))
    expect(out).toHaveLength(3_000)
    out.forEach((value, j) => expect(value).toBe(Math.fround((input[3 * j] + input[3 * j + 1] + input[3 * j + 2]) / 3)))
  })

  it('averages the channels and keeps a steady level across block joins', () => {
    const resampler = new MonoResampler(44_100, 16_000)
    const samples = [...resampler.push([new Float32Array(4410).fill(0.6), new Float32Array(4410).fill(0.2)]), ...resampler.push([new Float32Array(4410).fill(0.6), new Float32Array(4410).fill(0.2)])]
    expect(Math.abs(samples.length - 3200)).toBeLessThanOrEqual(1)
    for (const s of samples) expect(s).toBeCloseTo(0.4, 5)
  })

  it('upsamples 8 kHz by interpolating', () => {
    const resampler = new MonoResampler(8000, 16_000)
    const out = resampler.push([Float32Array.from([0, 1, 0, 1, 0])])
    expect([...out.slice(0, 4)]).toEqual([0, 0.5, 1, 0.5])
  })
})

describe('firstSilence', () => {
  it('finds the middle of the first 300 ms under -35 dBFS, and nothing in speech', () => {
    const rate = 16_000
    const samples = new Float32Array(rate * 3)
    samples.set(tone(rate, rate), 0)
    samples.set(tone(rate, rate), Math.round(rate * 1.5))
    // Quiet from 1.0 s to 1.5 s: a cut at 1.15 s.
    expect(firstSilence(samples, rate)).toBe(Math.round(rate * 1.15))
    expect(firstSilence(tone(rate * 2, rate), rate)).toBeNull()
  })
})
