import { describe, expect, it } from 'vitest'
import type { TaskSegment } from '@/lib/client/tasks'
import { frameToMs, outTimeBefore } from '@/lib/timing'
import { shotSnapWrites } from '../history/shot-snap'
import { buildCueIndex, cuesInView, roomAround } from './timeline-cues'
import { dragTimes, snapThresholdMs } from './timeline-drag'
import { clampView, followPlayhead, MIN_SPAN_MS, rulerLabel, spanOf, tickSpacing, wholeView, zoomAround, type TimelineView } from './timeline-view'

const pad = (n: number, size = 2) => String(n).padStart(size, '0')
const stamp = (ms: number) => `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)},${pad(ms % 1000, 3)}`
const segment = (id: number, startMs: number, endMs: number, text = `line ${id}`, extra: Partial<TaskSegment> = {}): TaskSegment => ({
  id,
  startTime: stamp(startMs),
  endTime: stamp(endMs),
  duration: endMs - startMs,
  originalText: text,
  translatedText: null,
  translatedBy: null,
  firstTranslation: null,
  ...extra,
})

describe('the timeline view', () => {
  const hour = 3_600_000
  it('zooms from the whole file down to about a second, the moment under the pointer kept', () => {
    const whole = wholeView(1200, hour)
    expect(spanOf(whole)).toBe(hour)
    let view: TimelineView = whole
    for (let i = 0; i < 40; i++) view = zoomAround(view, 2, 1_000_000, hour)
    expect(spanOf(view)).toBeCloseTo(MIN_SPAN_MS)
    // 1,000,000 ms stays where it was on screen (at 1/3.6 of the width).
    expect((1_000_000 - view.startMs) / view.msPerPx).toBeCloseTo(1200 * (1_000_000 / hour), 0)
    expect(spanOf(zoomAround(view, 1 / 1e6, 0, hour))).toBe(hour)
  })

  it('never scrolls out of the file', () => {
    const view = clampView({ startMs: -500, msPerPx: 10, widthPx: 1000 }, 60_000)
    expect(view.startMs).toBe(0)
    expect(clampView({ ...view, startMs: 59_000 }, 60_000).startMs).toBe(50_000)
  })

  it('turns a page when playback nears the right edge, centres a jump while paused', () => {
    const view: TimelineView = { startMs: 10_000, msPerPx: 10, widthPx: 1000 } // 10 s .. 20 s
    expect(followPlayhead(view, 15_000, true, 60_000)).toBeNull()
    expect(followPlayhead(view, 19_500, true, 60_000)?.startMs).toBe(18_500)
    expect(followPlayhead(view, 19_500, false, 60_000)).toBeNull()
    expect(followPlayhead(view, 40_000, false, 60_000)?.startMs).toBe(35_000)
  })

  it('labels the ruler readably at every zoom', () => {
    expect(tickSpacing(1).everyMs).toBe(100)
    expect(tickSpacing(3000).everyMs).toBe(300_000)
    expect(rulerLabel(65_000, 1000)).toBe('1:05')
    expect(rulerLabel(3_725_000, 60_000)).toBe('1:02:05')
    expect(rulerLabel(65_500, 500)).toBe('1:05.5')
  })
})

describe('the cues on the timeline', () => {
  it('sorts them by start, shows the translation (else the original) and halves the band where two overlap', () => {
    const index = buildCueIndex(
      [segment(2, 5000, 7000, 'two', { translatedText: 'deux\nlignes' }), segment(1, 1000, 3000, '<i>one</i>'), segment(3, 6000, 8000), segment(4, 9000, 10_000)],
      { 1: { draft: { originalText: 'ONE' }, status: 'unsaved' } },
      new Set([4]),
    )
    expect(index.cues.map((c) => c.id)).toEqual([1, 2, 3, 4])
    expect(index.cues.map((c) => c.text)).toEqual(['ONE', 'deux / lignes', 'line 3', 'line 4'])
    expect(index.cues.map((c) => c.band)).toEqual(['full', 'top', 'bottom', 'full'])
    expect(index.cues[3].isFlagged).toBe(true)
    expect(cuesInView(index, 7500, 8500)).toEqual([2, 3])
  })

  it('draws a dropped cue where it was dropped until it is saved', () => {
    const index = buildCueIndex([segment(1, 1000, 3000), segment(2, 5000, 7000)], {}, new Set(), new Map([[1, { startMs: 8000, endMs: 10_000 }]]))
    expect(index.cues.map((c) => c.id)).toEqual([2, 1])
  })

  it('knows the free time around a cue', () => {
    const index = buildCueIndex([segment(1, 1000, 3000), segment(2, 5000, 7000), segment(3, 9000, 10_000)], {}, new Set())
    expect(roomAround(index, 2)).toEqual({ fromMs: 3000, toMs: 9000 })
    expect(roomAround(index, 1)).toEqual({ fromMs: 0, toMs: 5000 })
    expect(roomAround(index, 3).toMs).toBe(Infinity)
  })
})

describe('dragging a cue', () => {
  const fps = 25
  const cuts = [10_000, 20_000]
  const snapping = { cuts, fps, thresholdMs: 200 }
  const room = { fromMs: 0, toMs: Infinity }
  const cue = { startMs: 4000, endMs: 6000 }

  it('moves a block by the dragged time, its start on a frame, its length kept', () => {
    const moved = dragTimes('move', cue, 1234, { snapping, room })
    expect(moved).toEqual({ startMs: 5240, endMs: 7240, snappedTo: 'frame' })
    expect(dragTimes('move', cue, 1234, { snapping: null, room })).toEqual({ startMs: 5234, endMs: 7234, snappedTo: null })
  })

  it('lands a moved block on a near cut by its start, or by its end 2 frames before one', () => {
    expect(dragTimes('move', cue, 5900, { snapping, room })).toMatchObject({ startMs: 10_000, endMs: 12_000, snappedTo: 'shot' })
    const endOnCut = dragTimes('move', cue, 3950, { snapping, room })
    expect(endOnCut).toMatchObject({ endMs: outTimeBefore(10_000, fps), snappedTo: 'shot' })
  })

  it('snaps an in-time onto a cut, an out-time to 2 frames before it, else onto a frame', () => {
    expect(dragTimes('start', { startMs: 9000, endMs: 12_000 }, 930, { snapping, room })).toEqual({ startMs: 10_000, endMs: 12_000, snappedTo: 'shot' })
    expect(dragTimes('end', { startMs: 8000, endMs: 9000 }, 1010, { snapping, room })).toEqual({ startMs: 8000, endMs: frameToMs(248, fps), snappedTo: 'shot' })
    expect(dragTimes('end', { startMs: 8000, endMs: 9000 }, 333, { snapping, room })).toEqual({ startMs: 8000, endMs: 9320, snappedTo: 'frame' })
  })

  it('never crosses its neighbours nor shrinks under a frame', () => {
    const narrow = { fromMs: 3000, toMs: 7000 }
    expect(dragTimes('move', cue, 5000, { snapping, room: narrow })).toMatchObject({ startMs: 5000, endMs: 7000 })
    expect(dragTimes('move', cue, -5000, { snapping, room: narrow })).toMatchObject({ startMs: 3000, endMs: 5000 })
    expect(dragTimes('start', cue, 5000, { snapping, room: narrow }).startMs).toBe(5960)
    expect(dragTimes('end', cue, 5000, { snapping, room: narrow }).endMs).toBe(7000)
  })

  it('pulls within a few pixels of a cut, never more than 12 frames', () => {
    expect(snapThresholdMs(1, 25)).toBe(40)
    expect(snapThresholdMs(10, 25)).toBe(100)
    expect(snapThresholdMs(3000, 25)).toBe(480)
  })
})

describe('snap to shot on a selection', () => {
  const rows = [segment(1, 1000, 9900), segment(2, 10_300, 14_000), segment(3, 15_000, 19_950)]
  const shots = { cuts: [10_000, 20_000], fps: 25, minGapFrames: 2 }

  it('moves the selected rows\' edges near a cut and nothing else', () => {
    expect(shotSnapWrites(rows, [2], shots)).toEqual([{ id: 2, startTime: '00:00:10,000', endTime: '00:00:14,000' }])
    expect(shotSnapWrites(rows, [], shots)).toEqual([
      { id: 1, startTime: '00:00:01,000', endTime: '00:00:09,920' },
      { id: 2, startTime: '00:00:10,000', endTime: '00:00:14,000' },
      { id: 3, startTime: '00:00:15,000', endTime: '00:00:19,920' },
    ])
    expect(shotSnapWrites(rows, [99], shots)).toEqual([])
  })
})
