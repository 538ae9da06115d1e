import { describe, expect, it } from 'vitest'
import { throttledProgress, type ExportProgress } from './export-job'

describe('throttledProgress', () => {
  it('passes the first report, then one a quarter second, and always the last', () => {
    let clock = 0
    const shown: ExportProgress[] = []
    const report = throttledProgress((p) => shown.push(p), 250, () => clock)
    // A frame every 10 ms for a second and a half: 150 reports from the encoder.
    for (let frame = 1; frame <= 150; frame++) {
      clock = frame * 10
      report({ fraction: frame / 151 })
    }
    clock = 1510
    report({ fraction: 1, etaMs: 0 })
    expect(shown.map((p) => Math.round(p.fraction * 151))).toEqual([1, 26, 51, 76, 101, 126, 151])
    expect(shown.at(-1)).toEqual({ fraction: 1, etaMs: 0 })
  })
})
