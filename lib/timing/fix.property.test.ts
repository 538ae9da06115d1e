import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fixTiming, snapCuesToShots, timingFlags, TIMING_PROFILES, type TimedText } from '.'

// Cues in order of start, some touching, some overlapping, some nested in a long one, at the frame
// rates a video has; a selection of any of them.
const cueList = fc
  .array(fc.record({ after: fc.integer({ min: 0, max: 3000 }), duration: fc.integer({ min: 0, max: 9000 }), chars: fc.integer({ min: 0, max: 80 }) }), { maxLength: 40 })
  .map((specs) => {
    let at = 0
    return specs.map(({ after, duration, chars }): TimedText => {
      at += after
      return { startMs: at, endMs: at + duration, text: 'x'.repeat(chars) }
    })
  })
const fps = fc.constantFrom(23.976, 24, 25, 29.97, 30, 50, 60)
const profile = fc.constantFrom(...Object.values(TIMING_PROFILES))
const overlaps = (a: TimedText, b: TimedText) => a.startMs < b.endMs && b.startMs < a.endMs

describe('fixTiming, on any file', () => {
  it('never makes two cues overlap that did not, never empties a cue, keeps the order, and moves only the selected', () => {
    fc.assert(
      fc.property(cueList, profile, fps, fc.option(fc.array(fc.nat(45))), (cues, p, rate, selection) => {
        const { cues: fixed, changed } = fixTiming(cues, p, rate, selection)
        const picked = selection && selection.length > 0 ? new Set(selection) : null
        for (let i = 0; i < cues.length; i++) {
          for (let j = i + 1; j < cues.length; j++) if (overlaps(fixed[i], fixed[j])) expect(overlaps(cues[i], cues[j]), `cues ${i} and ${j}`).toBe(true)
          if (fixed[i] !== cues[i]) {
            expect(fixed[i].endMs).toBeGreaterThan(fixed[i].startMs)
            expect(fixed[i].startMs).toBeGreaterThanOrEqual(0)
            if (picked) expect(picked.has(i)).toBe(true)
          }
          if (i > 0) expect(fixed[i].startMs).toBeGreaterThanOrEqual(fixed[i - 1].startMs)
        }
        expect(changed).toEqual(fixed.flatMap((c, i) => (c !== cues[i] ? [i] : [])))
      }),
      { numRuns: 2000, seed: 38 },
    )
  })

  it('leaves no gap under the minimum between cues it could fix: every such gap left is reported', () => {
    fc.assert(
      fc.property(cueList, profile, fps, (cues, p, rate) => {
        const { cues: fixed, unfixed } = fixTiming(cues, p, rate)
        const reported = new Set(unfixed.filter((u) => u.kind === 'gapTooSmall').map((u) => u.index))
        for (const flag of timingFlags(fixed, p, rate)) if (flag.kind === 'gapTooSmall') expect(reported.has(flag.index) || fixed[flag.index + 1].startMs < fixed[flag.index].startMs, `gap after ${flag.index}`).toBe(true)
      }),
      { numRuns: 2000, seed: 83 },
    )
  })

  it('snap to shot never makes two cues overlap that did not, nor empties one', () => {
    const cutList = fc.uniqueArray(fc.integer({ min: 0, max: 120_000 }), { maxLength: 30 }).map((cuts) => cuts.sort((a, b) => a - b))
    fc.assert(
      fc.property(cueList, cutList, fps, fc.integer({ min: 0, max: 1000 }), fc.option(fc.array(fc.nat(45))), (cues, cuts, rate, thresholdMs, selection) => {
        const { cues: snapped } = snapCuesToShots(cues, { cuts, fps: rate, thresholdMs, minGapMs: (2 * 1000) / rate, selection })
        for (let i = 0; i < cues.length; i++) {
          for (let j = i + 1; j < cues.length; j++) if (overlaps(snapped[i], snapped[j])) expect(overlaps(cues[i], cues[j]), `cues ${i} and ${j}`).toBe(true)
          if (snapped[i] !== cues[i]) expect(snapped[i].endMs).toBeGreaterThan(snapped[i].startMs)
        }
      }),
      { numRuns: 1000, seed: 7 },
    )
  })
})
