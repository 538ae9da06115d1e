import { describe, expect, it } from 'vitest'
import { PeaksAssembler, PeaksBuilder } from '@/lib/waveform'
import type { PeakRun } from '@/lib/waveform'
import { peaksTap } from './peaks-tap'

const RATE = 16_000
const noise = (seconds: number, seed: number) => Float32Array.from({ length: seconds * RATE }, (_, i) => Math.sin(i * 0.37 + seed) * ((i % 977) / 977))

describe('the extraction worker\'s peaks tap', () => {
  it('posts a part\'s buckets every 5 s of sound and the rest at its end, on the recording\'s time, buffers transferred', () => {
    const posted: { run: PeakRun; transfer: Transferable[] }[] = []
    const tap = peaksTap(RATE, (run, transfer) => posted.push({ run, transfer }))
    const sound = noise(12, 1)
    tap.push(sound.subarray(0, 100)) // before the start is known: not measured
    tap.start(30_000)
    for (let at = 0; at < sound.length; at += 1920) tap.push(sound.subarray(at, at + 1920))
    expect(posted).toHaveLength(2)
    tap.end()
    expect(posted).toHaveLength(3)
    expect(posted.every((p) => p.transfer.length === 2)).toBe(true)
    expect(posted[0].run.first).toBe(3000)
    // Joined, the runs are the part's peaks as one builder makes them.
    const joined = new PeaksAssembler()
    for (const { run } of posted) joined.add(run)
    const whole = new PeaksBuilder(RATE, 30_000)
    whole.push(sound)
    const reference = new PeaksAssembler()
    reference.add(whole.finish()!)
    expect(joined.peaks(42_000)).toEqual(reference.peaks(42_000))
  })
})
