import { describe, expect, it } from 'vitest'
import { LivePlanner } from './live-plan'
import { planChunks } from './plan'

const MIN = 60_000

describe('LivePlanner', () => {
  it('cuts each chunk as soon as its target is decoded, in the longest silence before it', () => {
    const planner = new LivePlanner(() => 5 * MIN)
    const silences = [{ startMs: 4 * MIN, endMs: 4 * MIN + 2000 }, { startMs: 4.5 * MIN, endMs: 4.5 * MIN + 600 }]
    expect(planner.next({ decodedMs: 4.9 * MIN, silences, final: false })).toEqual([])
    expect(planner.next({ decodedMs: 5 * MIN, silences, final: false })).toEqual([{ startMs: 0, endMs: 4 * MIN + 1000 }])
    expect(planner.next({ decodedMs: 7 * MIN, silences, final: true })).toEqual([{ startMs: 4 * MIN + 1000, endMs: 7 * MIN }])
    expect(planner.next({ decodedMs: 7 * MIN, silences, final: true })).toEqual([])
  })

  it('makes the plan of the whole recording when it is fed in pieces', () => {
    const duration = 95 * MIN + 1234
    const silences = Array.from({ length: 200 }, (_, i) => ({ startMs: i * 29_000 + 7000, endMs: i * 29_000 + 7000 + (i % 5) * 300 + 300 }))
    const planner = new LivePlanner(() => 10 * MIN)
    const live = []
    for (let at = 0; at < duration; at += 17_000) live.push(...planner.next({ decodedMs: at, silences: silences.filter((s) => s.startMs < at).map((s) => ({ ...s, endMs: Math.min(s.endMs, at) })), final: false }))
    live.push(...planner.next({ decodedMs: duration, silences, final: true }))
    expect(live).toEqual(planChunks(duration, silences))
  })

  it('goes on after the chunks a resumed run already planned, with the targets of their count', () => {
    const planner = new LivePlanner((n) => (n === 0 ? 2 * MIN : 5 * MIN), { fromMs: 2 * MIN, chunks: 1 })
    expect(planner.next({ decodedMs: 8 * MIN, silences: [], final: false })).toEqual([{ startMs: 2 * MIN, endMs: 7 * MIN }])
  })
})
