// The editor's shortcuts as a pure mapping from a key press to an action.

export type EditorAction = 'up' | 'down' | 'first' | 'last' | 'open' | 'retranslate' | 'leave'

export type KeyPress = { key: string; altKey: boolean; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }

/** Where the key was pressed: typing in a text box, on a button or link, or on a row (or nowhere). */
export type KeyContext = 'text' | 'control' | 'row'

/**
 * Rules: Alt+↑/↓ move rows from anywhere, plain ↑/↓ only outside text boxes (where they move the
 * caret); Home/End jump to the first/last row; Enter or E opens the pop-up editor and R
 * retranslates, only on a row (so buttons keep Enter and typing keeps its letters); Escape in a text
 * box leaves it for row navigation. Ctrl/Cmd combinations are never taken from the browser.
 */
export function editorAction(press: KeyPress, context: KeyContext): EditorAction | null {
  if (press.ctrlKey || press.metaKey) return null
  const key = press.key
  if (key === 'ArrowUp' || key === 'ArrowDown') {
    if (context === 'text' && !press.altKey) return null
    return key === 'ArrowUp' ? 'up' : 'down'
  }
  if (context === 'text') return key === 'Escape' ? 'leave' : null
  if (press.altKey || press.shiftKey) return null
  if (context === 'control') return null
  if (key === 'Home') return 'first'
  if (key === 'End') return 'last'
  if (key === 'Enter' || key === 'e' || key === 'E') return 'open'
  if (key === 'r' || key === 'R') return 'retranslate'
  return null
}

/** The next active row for a move, clamped to the list. */
export function movedIndex(action: EditorAction, index: number, count: number): number {
  if (count <= 0) return 0
  if (action === 'up') return Math.max(0, index - 1)
  if (action === 'down') return Math.min(count - 1, index + 1)
  if (action === 'first') return 0
  if (action === 'last') return count - 1
  return index
}

export type GlobalAction = 'undo' | 'redo' | 'find' | 'replace' | 'nextFlag' | 'prevFlag' | 'help' | 'playPause'

/** Where a global shortcut was pressed: a box of the list, another input (find bar), a control, or elsewhere. */
export type GlobalContext = 'rowText' | 'input' | 'control' | 'row'

/**
 * Shortcuts that work across the editor. Rules: Ctrl/Cmd+Z undoes and Ctrl/Cmd+Shift+Z (or Ctrl+Y)
 * redoes the editor's steps, also while typing in a row (the row's typing is saved as a step
 * first), but not in other inputs, which keep their own undo; Ctrl/Cmd+F finds and Ctrl/Cmd+H
 * replaces from anywhere; F8 / Shift+F8 jump to the next / previous flagged row; ? opens the help
 * and Space plays or pauses only outside text boxes and controls.
 */
export function globalAction(press: KeyPress, context: GlobalContext): GlobalAction | null {
  const mod = press.ctrlKey || press.metaKey
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key
  if (mod && !press.altKey) {
    if (key === 'f') return 'find'
    if (key === 'h') return 'replace'
    if (context === 'input') return null
    if (key === 'z') return press.shiftKey ? 'redo' : 'undo'
    if (key === 'y' && !press.shiftKey) return 'redo'
    return null
  }
  if (mod || press.altKey) return null
  if (press.key === 'F8') return press.shiftKey ? 'prevFlag' : 'nextFlag'
  if (context !== 'row') return null
  if (press.key === '?') return 'help'
  if (press.key === ' ' && !press.shiftKey) return 'playPause'
  return null
}
