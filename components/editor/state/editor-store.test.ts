import { describe, expect, it } from 'vitest'
import { withChange } from '../drafts'
import { createEditorStore, type Player } from './editor-store'
import type { FieldStep } from '../history/history'

describe('the editor store', () => {
  it('selects rows by click over the rows shown, and clears the selection', () => {
    const store = createEditorStore()
    const shown = [10, 11, 12, 13]
    store.getState().clickRow(shown, 1, { shift: false, toggle: false })
    store.getState().clickRow(shown, 3, { shift: true, toggle: false })
    expect([...store.getState().selection.ids].sort()).toEqual([11, 12, 13])
    store.getState().clearSelection()
    expect(store.getState().selection.ids.size).toBe(0)
  })

  it('keeps drafts and the rows in retranslation, each change a new value (subscribers see it)', () => {
    const store = createEditorStore()
    const seen: unknown[] = []
    store.subscribe((state) => seen.push(state.edits))
    store.getState().updateEdits((edits) => withChange(edits, 4, 'translatedText', 'Quatre'))
    expect(store.getState().edits[4]).toEqual({ draft: { translatedText: 'Quatre' }, status: 'unsaved' })
    expect(seen).toHaveLength(1)
    store.getState().setRetranslating(4, true)
    const during = store.getState().retranslating
    store.getState().setRetranslating(4, false)
    expect([...during]).toEqual([4])
    expect(store.getState().retranslating.size).toBe(0)
  })

  it('records undo steps, drops empty ones, and renumbers them when a cue is inserted', () => {
    const store = createEditorStore()
    store.getState().record('edit', [{ id: 3, before: { translatedText: 'a' }, after: { translatedText: 'b' } }])
    store.getState().record('edit', [{ id: 5, before: { translatedText: 'x' }, after: { translatedText: 'x' } }])
    expect(store.getState().history.undo).toHaveLength(1)
    store.getState().renumber(2)
    expect((store.getState().history.undo[0] as FieldStep).changes[0].id).toBe(4)
    store.getState().renumber(9)
    expect((store.getState().history.undo[0] as FieldStep).changes[0].id).toBe(4)
    // A split is kept whole and follows an insertion before it too.
    const cue = { startTime: '00:00:01,000', endTime: '00:00:02,000', originalText: 'a', translatedText: null, translatedBy: null, speakers: [] }
    store.getState().recordStructure({ kind: 'split', id: 6, whole: cue, parts: [cue, cue] })
    store.getState().renumber(6)
    expect(store.getState().history.undo.map((step) => ('id' in step ? step.id : step.changes[0].id))).toEqual([4, 7])
  })

  it('merges playback and seeks through the attached player, false without one', () => {
    const store = createEditorStore()
    store.getState().setPlayback({ timeMs: 1500, isPlaying: true })
    store.getState().setPlayback({ cueId: 2 })
    expect(store.getState().playback).toEqual({ timeMs: 1500, isPlaying: true, cueId: 2, rate: 1 })
    expect(store.getState().seek(4000)).toBe(false)
    const sought: number[] = []
    const player: Player = { seek: (ms) => sought.push(ms) > 0, togglePlay: () => true, pause: () => true, now: () => 0, setRate: () => true, file: () => null }
    store.getState().attachPlayer(player)
    expect(store.getState().seek(4000)).toBe(true)
    expect(sought).toEqual([4000])
    store.getState().attachPlayer(null)
    expect(store.getState().seek(5000)).toBe(false)
  })

  it('gives each editor a store of its own', () => {
    const a = createEditorStore()
    const b = createEditorStore()
    a.getState().activate(7)
    expect(b.getState().activeIndex).toBe(0)
  })
})
