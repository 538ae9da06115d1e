import { describe, expect, it } from 'vitest'
import { editorAction, globalAction, movedIndex, steppedRate, timingAction, type CodedKeyPress, type KeyPress } from './keyboard'

const key = (k: string, mods: Partial<KeyPress> = {}): KeyPress => ({ key: k, altKey: false, ctrlKey: false, metaKey: false, shiftKey: false, ...mods })

describe('editorAction', () => {
  it('moves rows with the arrows outside text boxes, and with Alt inside them', () => {
    expect(editorAction(key('ArrowDown'), 'row')).toBe('down')
    expect(editorAction(key('ArrowUp'), 'control')).toBe('up')
    expect(editorAction(key('ArrowDown'), 'text')).toBeNull()
    expect(editorAction(key('ArrowDown', { altKey: true }), 'text')).toBe('down')
  })
  it('opens the pop-up editor and retranslates only from a row', () => {
    expect(editorAction(key('Enter'), 'row')).toBe('open')
    expect(editorAction(key('e'), 'row')).toBe('open')
    expect(editorAction(key('r'), 'row')).toBe('retranslate')
    expect(editorAction(key('Enter'), 'control')).toBeNull()
    expect(editorAction(key('r'), 'text')).toBeNull()
    expect(editorAction(key('e'), 'text')).toBeNull()
  })
  it('leaves a text box with Escape and never takes browser shortcuts', () => {
    expect(editorAction(key('Escape'), 'text')).toBe('leave')
    expect(editorAction(key('r', { ctrlKey: true }), 'row')).toBeNull()
    expect(editorAction(key('ArrowDown', { metaKey: true }), 'row')).toBeNull()
    expect(editorAction(key('R', { shiftKey: true }), 'row')).toBeNull()
  })
  it('jumps to the ends with Home and End', () => {
    expect(editorAction(key('Home'), 'row')).toBe('first')
    expect(editorAction(key('End'), 'row')).toBe('last')
  })
})

describe('movedIndex', () => {
  it('clamps to the list', () => {
    expect(movedIndex('up', 0, 5)).toBe(0)
    expect(movedIndex('down', 4, 5)).toBe(4)
    expect(movedIndex('down', 1, 5)).toBe(2)
    expect(movedIndex('last', 1, 3000)).toBe(2999)
    expect(movedIndex('first', 10, 3000)).toBe(0)
    expect(movedIndex('down', 0, 0)).toBe(0)
  })
})

describe('global shortcuts', () => {
  const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({ key, altKey: false, ctrlKey: false, metaKey: false, shiftKey: false, ...mods })
  it('undo and redo with Ctrl or Cmd, also while typing in a row, not in other inputs', () => {
    expect(globalAction(press('z', { ctrlKey: true }), 'rowText')).toBe('undo')
    expect(globalAction(press('Z', { metaKey: true, shiftKey: true }), 'row')).toBe('redo')
    expect(globalAction(press('y', { ctrlKey: true }), 'row')).toBe('redo')
    expect(globalAction(press('z', { ctrlKey: true }), 'input')).toBeNull()
  })
  it('find and replace from anywhere', () => {
    expect(globalAction(press('f', { ctrlKey: true }), 'input')).toBe('find')
    expect(globalAction(press('h', { metaKey: true }), 'rowText')).toBe('replace')
  })
  it('F8 steps through flagged rows; ? only outside text boxes and controls', () => {
    expect(globalAction(press('F8'), 'rowText')).toBe('nextFlag')
    expect(globalAction(press('F8', { shiftKey: true }), 'row')).toBe('prevFlag')
    expect(globalAction(press(' '), 'row')).toBeNull()
    expect(globalAction(press('?', { shiftKey: true }), 'row')).toBe('help')
    expect(globalAction(press('?'), 'input')).toBeNull()
  })
})

describe('video and timing keys', () => {
  const press = (key: string, mods: Partial<CodedKeyPress> = {}): CodedKeyPress => ({ key, altKey: false, ctrlKey: false, metaKey: false, shiftKey: false, ...mods })
  it('play and pause with Space (not on a button, where it clicks) or K', () => {
    expect(timingAction(press(' '), 'row')).toEqual({ kind: 'playPause' })
    expect(timingAction(press(' '), 'control')).toBeNull()
    expect(timingAction(press('k'), 'control')).toEqual({ kind: 'playPause' })
    expect(timingAction(press('K'), 'row')).toEqual({ kind: 'playPause' })
  })
  it('step a frame with , and ., jump 1 s with the arrows and 5 s with Shift, speed with [ and ]', () => {
    expect(timingAction(press(',', { code: 'Comma' }), 'row')).toEqual({ kind: 'frame', delta: -1 })
    expect(timingAction(press('.', { code: 'Period' }), 'row')).toEqual({ kind: 'frame', delta: 1 })
    expect(timingAction(press('ArrowLeft'), 'row')).toEqual({ kind: 'jump', ms: -1000 })
    expect(timingAction(press('ArrowRight', { shiftKey: true }), 'control')).toEqual({ kind: 'jump', ms: 5000 })
    expect(timingAction(press('ArrowLeft', { altKey: true }), 'row')).toBeNull()
    expect(timingAction(press('['), 'row')).toEqual({ kind: 'speed', delta: -1 })
    expect(timingAction(press(']'), 'row')).toEqual({ kind: 'speed', delta: 1 })
    // AltGr (Ctrl+Alt) types the brackets on a German keyboard.
    expect(timingAction(press(']', { ctrlKey: true, altKey: true }), 'row')).toEqual({ kind: 'speed', delta: 1 })
  })
  it('set, split, merge and nudge the active cue; Shift and Alt (⌥) with , or . by the physical key', () => {
    expect(timingAction(press('i'), 'row')).toEqual({ kind: 'setStart' })
    expect(timingAction(press('O'), 'row')).toEqual({ kind: 'setEnd' })
    expect(timingAction(press('s'), 'row')).toEqual({ kind: 'split' })
    expect(timingAction(press('m'), 'control')).toEqual({ kind: 'merge' })
    expect(timingAction(press('d'), 'row')).toEqual({ kind: 'readingSpeed' })
    expect(timingAction(press('<', { code: 'Comma', shiftKey: true }), 'row')).toEqual({ kind: 'nudge', edge: 'start', frames: -1 })
    expect(timingAction(press('>', { code: 'Period', shiftKey: true }), 'row')).toEqual({ kind: 'nudge', edge: 'start', frames: 1 })
    // macOS: ⌥ with , types ≤; the physical key still says which.
    expect(timingAction(press('≤', { code: 'Comma', altKey: true }), 'row')).toEqual({ kind: 'nudge', edge: 'end', frames: -1 })
    expect(timingAction(press('.', { code: 'Period', altKey: true }), 'row')).toEqual({ kind: 'nudge', edge: 'end', frames: 1 })
  })
  it('none while typing, on a widget with keys of its own, or with Ctrl/Cmd', () => {
    for (const key of [' ', 'k', 'i', 'o', 's', 'm', 'd', ',', '.', '[', ']', 'ArrowLeft']) {
      expect(timingAction(press(key), 'text')).toBeNull()
      expect(timingAction(press(key), 'widget')).toBeNull()
    }
    expect(timingAction(press('s', { ctrlKey: true }), 'row')).toBeNull()
    expect(timingAction(press('m', { metaKey: true }), 'row')).toBeNull()
    expect(timingAction(press('S', { shiftKey: true }), 'row')).toBeNull()
  })
  it('steps the speed 0.5x to 2x, held at the ends', () => {
    expect(steppedRate(1, 1)).toBe(1.25)
    expect(steppedRate(1, -1)).toBe(0.75)
    expect(steppedRate(2, 1)).toBe(2)
    expect(steppedRate(0.5, -1)).toBe(0.5)
    expect(steppedRate(1.1, 1)).toBe(1.25)
    expect(steppedRate(1.1, -1)).toBe(1)
  })
})
