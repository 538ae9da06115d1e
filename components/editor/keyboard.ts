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
