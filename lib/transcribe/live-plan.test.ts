import { describe, expect, it } from 'vitest'
import { LivePlanner, liveTarget, tailTarget, TAIL_CHUNK_MS } from './live-plan'
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

  it('shortens the chunks near the expected end, so the one left when the part ends is short', () => {
    const duration = 30 * MIN
    const planner = new LivePlanner(liveTarget, undefined, duration)
    const chunks = []
    for (let at = 0; at < duration; at += 1000) chunks.push(...planner.next({ decodedMs: at, silences: [], final: false }))
    chunks.push(...planner.next({ decodedMs: duration, silences: [], final: true }))
    const lengths = chunks.map((c) => c.endMs - c.startMs)
    expect(chunks[0]).toEqual({ startMs: 0, endMs: 2 * MIN })
    expect(chunks.at(-1)!.endMs).toBe(duration)
    // Every chunk but the last is at most half of what was left at its start (or TAIL_CHUNK_MS); the last is short.
    chunks.slice(0, -1).forEach((c) => expect(c.endMs - c.startMs).toBeLessThanOrEqual(Math.max(TAIL_CHUNK_MS, (duration - c.startMs) / 2) + 1))
    expect(lengths.at(-1)).toBeLessThanOrEqual(1.5 * TAIL_CHUNK_MS)
    expect(lengths.slice(-3)).toEqual([4 * MIN, 2 * MIN, 2 * MIN])
    expect(lengths.filter((l) => l === 5 * MIN).length).toBeGreaterThan(2)
  })

  it('keeps the usual targets without an expected length, and past it', () => {
    expect(tailTarget(5 * MIN, 0, undefined)).toBe(5 * MIN)
    expect(tailTarget(5 * MIN, 31 * MIN, 30 * MIN)).toBe(5 * MIN)
    expect(tailTarget(5 * MIN, 20 * MIN, 30 * MIN)).toBe(5 * MIN)
    expect(tailTarget(5 * MIN, 26 * MIN, 30 * MIN)).toBe(2 * MIN)
    expect(tailTarget(5 * MIN, 27 * MIN, 30 * MIN)).toBe(TAIL_CHUNK_MS)
    // What is left under 1.5 × TAIL_CHUNK_MS stays one chunk.
    expect(tailTarget(5 * MIN, 30 * MIN - 80_000, 30 * MIN)).toBe(80_000 + TAIL_CHUNK_MS)
  })
})
