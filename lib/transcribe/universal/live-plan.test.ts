import { describe, expect, it } from 'vitest'
import { fixedSizing, LIVE_SIZING, liveChunkCount, LivePlanner } from './live-plan'
import { planChunks } from './plan'

const MIN = 60_000
const lengths = (chunks: { startMs: number; endMs: number }[]) => chunks.map((c) => c.endMs - c.startMs)

describe('LivePlanner with fixed chunks', () => {
  it('cuts each chunk as soon as its length is decoded, in the longest silence before it', () => {
    const planner = new LivePlanner(fixedSizing(5 * MIN))
    const silences = [{ startMs: 4 * MIN, endMs: 4 * MIN + 2000 }, { startMs: 4.5 * MIN, endMs: 4.5 * MIN + 600 }]
    expect(planner.next({ decodedMs: 4.9 * MIN, silences, final: false, free: 4 })).toEqual([])
    expect(planner.next({ decodedMs: 5 * MIN, silences, final: false })).toEqual([{ startMs: 0, endMs: 4 * MIN + 1000 }])
    expect(planner.next({ decodedMs: 7 * MIN, silences, final: true })).toEqual([{ startMs: 4 * MIN + 1000, endMs: 7 * MIN }])
    expect(planner.next({ decodedMs: 7 * MIN, silences, final: true })).toEqual([])
  })

  it('makes the plan of the whole recording when it is fed in pieces', () => {
    const duration = 95 * MIN + 1234
    const silences = Array.from({ length: 200 }, (_, i) => ({ startMs: i * 29_000 + 7000, endMs: i * 29_000 + 7000 + (i % 5) * 300 + 300 }))
    const planner = new LivePlanner(fixedSizing(10 * MIN))
    const live = []
    for (let at = 0; at < duration; at += 17_000) live.push(...planner.next({ decodedMs: at, silences: silences.filter((s) => s.startMs < at).map((s) => ({ ...s, endMs: Math.min(s.endMs, at) })), final: false }))
    live.push(...planner.next({ decodedMs: duration, silences, final: true }))
    expect(live).toEqual(planChunks(duration, silences))
  })
})

describe('LivePlanner pulled by free request slots', () => {
  it('cuts what is decoded once a slot is free and two minutes are there, and lets a chunk grow while every slot is busy', () => {
    const planner = new LivePlanner()
    expect(planner.next({ decodedMs: 1.9 * MIN, silences: [], final: false, free: 4 })).toEqual([])
    expect(planner.next({ decodedMs: 2.5 * MIN, silences: [], final: false, free: 4 })).toEqual([{ startMs: 0, endMs: 2.5 * MIN }])
    // Busy: nothing is cut, however much is decoded, until ten minutes are.
    expect(planner.next({ decodedMs: 11 * MIN, silences: [], final: false, free: 0 })).toEqual([])
    expect(planner.next({ decodedMs: 12.5 * MIN, silences: [], final: false, free: 0 })).toEqual([{ startMs: 2.5 * MIN, endMs: 12.5 * MIN }])
    // A slot frees: what came since is one chunk, cut in the longest silence near its end.
    const silences = [{ startMs: 15 * MIN, endMs: 15 * MIN + 800 }, { startMs: 16 * MIN, endMs: 16 * MIN + 2000 }]
    expect(planner.next({ decodedMs: 16.5 * MIN, silences, final: false, free: 1 })).toEqual([{ startMs: 12.5 * MIN, endMs: 16 * MIN + 1000 }])
  })

  it('cuts no more chunks at once than there are free slots', () => {
    const planner = new LivePlanner()
    // Ten minutes decoded at once (a file): one chunk for the one free slot, as long as it may be.
    expect(lengths(planner.next({ decodedMs: 10 * MIN, silences: [], final: false, free: 1 }))).toEqual([10 * MIN])
  })

  it('cuts what is left at the end in one piece per free slot, none under two minutes nor over ten', () => {
    const left = (decodedMs: number, free: number) => new LivePlanner(LIVE_SIZING, { fromMs: 30 * MIN }).next({ decodedMs: 30 * MIN + decodedMs, silences: [], final: true, free })
    expect(lengths(left(12 * MIN, 4))).toEqual([3 * MIN, 3 * MIN, 3 * MIN, 3 * MIN])
    expect(lengths(left(12 * MIN, 0))).toEqual([6 * MIN, 6 * MIN])
    expect(lengths(left(5 * MIN, 4))).toEqual([2.5 * MIN, 2.5 * MIN])
    expect(lengths(left(1.5 * MIN, 4))).toEqual([1.5 * MIN])
    expect(lengths(left(25 * MIN, 1))).toEqual([25 * MIN / 3, 25 * MIN / 3, 25 * MIN / 3])
    expect(left(0, 4)).toEqual([])
    // Pieces start where the one before ended, and the last ends at the end.
    const pieces = left(9 * MIN + 7, 3)
    pieces.slice(1).forEach((c, i) => expect(c.startMs).toBe(pieces[i].endMs))
    expect(pieces.at(-1)!.endMs).toBe(39 * MIN + 7)
  })

  it('goes on after the chunks a resumed run already planned', () => {
    const planner = new LivePlanner(LIVE_SIZING, { fromMs: 2 * MIN })
    expect(planner.next({ decodedMs: 8 * MIN, silences: [], final: false, free: 2 })).toEqual([{ startMs: 2 * MIN, endMs: 8 * MIN }])
  })

  it('estimates a file of sound as a few chunks of at most ten minutes', () => {
    expect(liveChunkCount(30_000)).toBe(1)
    expect(liveChunkCount(60 * MIN)).toBe(6)
    expect(liveChunkCount(3 * 60 * MIN)).toBe(18)
  })
})
