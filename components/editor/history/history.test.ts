import { describe, expect, it } from 'vitest'
import { emptyHistory, returnStep, structureCall, takeStep, withStep, writesOf, type CueSnapshot, type FieldStep } from './history'

describe('undo history', () => {
  const step: FieldStep = { kind: 'replace' as const, changes: [{ id: 1, before: { translatedText: 'a' }, after: { translatedText: 'b' } }] }
  it('undoes to before, redoes to after, and a new step clears redo', () => {
    let h = withStep(emptyHistory, step)
    const undone = takeStep(h, 'undo')!
    expect(writesOf(undone.step as FieldStep, 'undo')).toEqual([{ id: 1, translatedText: 'a' }])
    h = undone.history
    expect(h.redo).toHaveLength(1)
    const redone = takeStep(h, 'redo')!
    expect(writesOf(redone.step as FieldStep, 'redo')).toEqual([{ id: 1, translatedText: 'b' }])
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

  it('undoes a split by a merge with the line as it was, its origin asked back, and redoes it by the same split', () => {
    const whole: CueSnapshot = { startTime: '00:00:01,000', endTime: '00:00:04,000', originalText: 'One two', translatedText: 'Un deux', translatedBy: 'deepseek', speakers: ['S1'] }
    const parts: [CueSnapshot, CueSnapshot] = [
      { ...whole, endTime: '00:00:02,420', originalText: 'One', translatedText: 'Un', translatedBy: 'edited' },
      { ...whole, startTime: '00:00:02,500', originalText: 'two', translatedText: 'deux', translatedBy: 'edited' },
    ]
    const split = { kind: 'split' as const, id: 3, whole, parts }
    expect(withStep(emptyHistory, split).undo).toEqual([split])
    expect(structureCall(split, 'undo')).toEqual({ op: 'merge', id: 3, body: { originalText: 'One two', translatedText: 'Un deux', translatedBy: 'deepseek' } })
    expect(structureCall(split, 'redo')).toEqual({
      op: 'split',
      id: 3,
      body: { endTime: '00:00:02,420', startTime: '00:00:02,500', originalText: ['One', 'two'], translatedText: ['Un', 'deux'], speakers: [['S1'], ['S1']] },
    })
    // A merge is the other way round; untranslated lines send no translation.
    const bare = (c: CueSnapshot): CueSnapshot => ({ ...c, translatedText: null, translatedBy: null })
    const merge = { kind: 'merge' as const, id: 3, whole: bare(whole), parts: [bare(parts[0]), bare(parts[1])] as [CueSnapshot, CueSnapshot] }
    expect(structureCall(merge, 'redo')).toEqual({ op: 'merge', id: 3, body: { originalText: 'One two' } })
    expect(structureCall(merge, 'undo')).toMatchObject({ op: 'split', body: { originalText: ['One', 'two'] } })
    expect(structureCall(merge, 'undo').body).not.toHaveProperty('translatedText')
  })
})
