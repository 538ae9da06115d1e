import { describe, expect, it } from 'vitest'
import type { TaskSegment } from '@/lib/client/tasks'
import { withChange } from './drafts'
import { flaggedIds } from './quality/flag-index'
import { defaultLimits } from './quality/quality'
import { buildTimeline, cueAt } from './timeline/cue-timeline'
import { findMatches, replaceAll, replaceOne } from './find/find'
import { emptyHistory, takeStep, withStep, writesOf, returnStep } from './history/history'
import { clickSelection, emptySelection } from './state/selection'

describe('find and replace', () => {
  const rows = [
    { id: 1, text: 'Ann met ann at the Annex.' },
    { id: 2, text: '' },
    { id: 3, text: 'ANN! café cafés' },
  ]
  it('finds with and without case, whole words included', () => {
    expect(findMatches(rows, { query: 'ann', field: 'translatedText', matchCase: false, wholeWord: false })).toHaveLength(4)
    expect(findMatches(rows, { query: 'ann', field: 'translatedText', matchCase: true, wholeWord: false })).toEqual([{ id: 1, start: 8, end: 11 }])
    expect(findMatches(rows, { query: 'Ann', field: 'translatedText', matchCase: false, wholeWord: true }).map((m) => m.id)).toEqual([1, 1, 3])
    expect(findMatches(rows, { query: 'café', field: 'translatedText', matchCase: false, wholeWord: true })).toEqual([{ id: 3, start: 5, end: 9 }])
    expect(findMatches(rows, { query: '', field: 'translatedText', matchCase: false, wholeWord: false })).toEqual([])
  })
  it('takes the query and the replacement literally', () => {
    expect(findMatches([{ id: 1, text: 'a.b axb' }], { query: 'a.b', field: 'translatedText', matchCase: true, wholeWord: false })).toHaveLength(1)
    expect(replaceAll('Ann and ann', { query: 'ann', matchCase: false, wholeWord: true }, '$& Bo')).toBe('$& Bo and $& Bo')
    expect(replaceOne('Ann and ann', { start: 8, end: 11 }, 'Eve')).toBe('Ann and Eve')
  })
})

describe('undo history', () => {
  const step = { kind: 'replace' as const, changes: [{ id: 1, before: { translatedText: 'a' }, after: { translatedText: 'b' } }] }
  it('undoes to before, redoes to after, and a new step clears redo', () => {
    let h = withStep(emptyHistory, step)
    const undone = takeStep(h, 'undo')!
    expect(writesOf(undone.step, 'undo')).toEqual([{ id: 1, translatedText: 'a' }])
    h = undone.history
    expect(h.redo).toHaveLength(1)
    const redone = takeStep(h, 'redo')!
    expect(writesOf(redone.step, 'redo')).toEqual([{ id: 1, translatedText: 'b' }])
    h = withStep(takeStep(redone.history, 'undo')!.history, { kind: 'edit', changes: [{ id: 2, before: { originalText: 'x' }, after: { originalText: 'y' } }] })
    expect(h.redo).toHaveLength(0)
    expect(takeStep(emptyHistory, 'undo')).toBeNull()
  })
  it('drops steps that change nothing and puts back a failed one', () => {
    expect(withStep(emptyHistory, { kind: 'edit', changes: [{ id: 1, before: { translatedText: 'a' }, after: { translatedText: 'a' } }] })).toBe(emptyHistory)
    const h = withStep(emptyHistory, step)
    const taken = takeStep(h, 'undo')!
    expect(returnStep(taken.history, 'undo')).toEqual(h)
  })
})

describe('row selection', () => {
  const ids = [10, 11, 12, 13, 14]
  it('selects one, extends a range with Shift and toggles with Ctrl', () => {
    let s = clickSelection(emptySelection, ids, 1, { shift: false, toggle: false })
    expect([...s.ids]).toEqual([11])
    s = clickSelection(s, ids, 3, { shift: true, toggle: false })
    expect([...s.ids].sort()).toEqual([11, 12, 13])
    s = clickSelection(s, ids, 0, { shift: false, toggle: true })
    expect([...s.ids].sort()).toEqual([10, 11, 12, 13])
    s = clickSelection(s, ids, 2, { shift: false, toggle: true })
    expect([...s.ids].sort()).toEqual([10, 11, 13])
  })
})

describe('cue timeline', () => {
  const seg = (id: number, start: string, end: string): TaskSegment => ({ id, startTime: start, endTime: end, duration: 0, originalText: '', translatedText: null, translatedBy: null, firstTranslation: null })
  it('finds the cue on screen, none in gaps, the later one when cues overlap', () => {
    const timeline = buildTimeline([seg(1, '00:00:01,000', '00:00:03,000'), seg(3, '00:00:06,000', '00:00:09,000'), seg(2, '00:00:04,000', '00:00:07,000')])
    expect(cueAt(timeline, 500)).toBeNull()
    expect(cueAt(timeline, 1000)).toBe(1)
    expect(cueAt(timeline, 3500)).toBeNull()
    expect(cueAt(timeline, 5000)).toBe(2)
    expect(cueAt(timeline, 6500)).toBe(3)
    expect(cueAt(timeline, 8000)).toBe(3)
    expect(cueAt(timeline, 9000)).toBeNull()
  })
})

describe('flag index', () => {
  const limits = defaultLimits('en')
  const segs: TaskSegment[] = [
    { id: 1, startTime: '00:00:01,000', endTime: '00:00:03,000', duration: 2000, originalText: 'Hello', translatedText: 'Bonjour', translatedBy: 'deepseek', firstTranslation: null },
    { id: 2, startTime: '00:00:04,000', endTime: '00:00:05,000', duration: 1000, originalText: 'Bye', translatedText: 'Bye', translatedBy: 'deepseek', firstTranslation: null },
    { id: 3, startTime: '00:00:06,000', endTime: '00:00:07,000', duration: 1000, originalText: 'Later', translatedText: null, translatedBy: null, firstTranslation: null },
  ]
  it('flags from server text and drafts, and pending rows only once the task is done', () => {
    expect(flaggedIds(segs, {}, limits, true)).toEqual([2])
    expect(flaggedIds(segs, {}, limits, false)).toEqual([2, 3])
    const typed = withChange({}, 1, 'translatedText', 'Une phrase beaucoup trop longue pour deux secondes.')
    expect(flaggedIds(segs, typed, limits, true)).toEqual([1, 2])
    expect(flaggedIds(segs, withChange(typed, 2, 'translatedText', 'Au revoir'), limits, true)).toEqual([1])
    expect(flaggedIds(segs, {}, { ...limits, maxCps: 60 }, true)).toEqual([2])
  })
})
