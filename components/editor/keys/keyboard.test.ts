import { describe, expect, it } from 'vitest'
import { editorAction, globalAction, movedIndex, type KeyPress } from './keyboard'

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
  it('F8 steps through flagged rows; ? and Space only outside text boxes and controls', () => {
    expect(globalAction(press('F8'), 'rowText')).toBe('nextFlag')
    expect(globalAction(press('F8', { shiftKey: true }), 'row')).toBe('prevFlag')
    expect(globalAction(press(' '), 'row')).toBe('playPause')
    expect(globalAction(press(' '), 'rowText')).toBeNull()
    expect(globalAction(press(' '), 'control')).toBeNull()
    expect(globalAction(press('?', { shiftKey: true }), 'row')).toBe('help')
    expect(globalAction(press('?'), 'input')).toBeNull()
  })
})
