import { describe, expect, it } from 'vitest'
import { emptyHistory, returnStep, takeStep, withStep, writesOf } from './history'

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
