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

export type GlobalAction = 'undo' | 'redo' | 'find' | 'replace' | 'nextFlag' | 'prevFlag' | 'help'

/** Where a global shortcut was pressed: a box of the list, another input (find bar), a control, or elsewhere. */
export type GlobalContext = 'rowText' | 'input' | 'control' | 'row'

/**
 * Shortcuts that work across the editor. Rules: Ctrl/Cmd+Z undoes and Ctrl/Cmd+Shift+Z (or Ctrl+Y)
 * redoes the editor's steps, also while typing in a row (the row's typing is saved as a step
 * first), but not in other inputs, which keep their own undo; Ctrl/Cmd+F finds and Ctrl/Cmd+H
 * replaces from anywhere; F8 / Shift+F8 jump to the next / previous flagged row; ? opens the help
 * only outside text boxes and controls.
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
  return null
}

/** What the video and the active cue's timing keys do (docs/product.md, Editor). */
export type TimingAction =
  | { kind: 'playPause' }
  | { kind: 'frame'; delta: 1 | -1 }
  | { kind: 'jump'; ms: number }
  | { kind: 'speed'; delta: 1 | -1 }
  /** A speed picked from the transport's list (no key). */
  | { kind: 'rate'; rate: number }
  | { kind: 'setStart' }
  | { kind: 'setEnd' }
  | { kind: 'split' }
  | { kind: 'merge' }
  | { kind: 'nudge'; edge: 'start' | 'end'; frames: 1 | -1 }
  | { kind: 'readingSpeed' }

/**
 * Where a timing key was pressed: typing in a text box or on a widget with keys of its own (the
 * video's controls, a select, a menu, a radio group: both keep every key), on a button or link
 * (Space is its click), or on a row or nowhere.
 */
export type TimingContext = 'text' | 'widget' | 'control' | 'row'

/** A key press with its physical key (`code`), which the frame keys read so Shift and Alt (⌥) keep them on any layout. */
export type CodedKeyPress = KeyPress & { code?: string }

const FRAME_KEYS: Record<string, 1 | -1> = { Comma: -1, Period: 1 }
const LETTERS: Record<string, TimingAction> = {
  k: { kind: 'playPause' },
  i: { kind: 'setStart' },
  o: { kind: 'setEnd' },
  s: { kind: 'split' },
  m: { kind: 'merge' },
  d: { kind: 'readingSpeed' },
}

/**
 * The video and timing keys, none while typing in a text box or on a widget. Rules: Space or K
 * plays and pauses (Space not on a button, where it clicks); , and . step a frame back and on;
 * ← and → jump a second, with Shift five; [ and ] play slower and faster (AltGr's brackets
 * included); I and O set the active cue's start and end at the playhead; S splits it at the
 * playhead, M merges it with the next; Shift with , or . moves its start a frame earlier or later,
 * Alt (⌥) with , or . its end; D fixes its reading speed. Ctrl/Cmd combinations stay the browser's,
 * and Alt+← is its Back.
 */
export function timingAction(press: CodedKeyPress, context: TimingContext): TimingAction | null {
  if (context === 'text' || context === 'widget' || press.metaKey) return null
  const key = press.key
  // AltGr arrives as Ctrl+Alt: it types the brackets on many layouts.
  if (press.ctrlKey) return press.altKey && (key === '[' || key === ']') ? { kind: 'speed', delta: key === '[' ? -1 : 1 } : null
  const frame = FRAME_KEYS[press.code ?? ''] ?? (key === ',' ? -1 : key === '.' ? 1 : undefined)
  if (frame !== undefined) {
    if (press.shiftKey && !press.altKey) return { kind: 'nudge', edge: 'start', frames: frame }
    if (press.altKey && !press.shiftKey) return { kind: 'nudge', edge: 'end', frames: frame }
    if (!press.altKey && !press.shiftKey) return { kind: 'frame', delta: frame }
    return null
  }
  if (press.altKey) return null
  if (key === 'ArrowLeft' || key === 'ArrowRight') return { kind: 'jump', ms: (key === 'ArrowLeft' ? -1 : 1) * (press.shiftKey ? 5000 : 1000) }
  if (key === '[' || key === ']') return { kind: 'speed', delta: key === '[' ? -1 : 1 }
  if (press.shiftKey) return null
  if (key === ' ') return context === 'row' ? { kind: 'playPause' } : null
  return LETTERS[key.toLowerCase()] ?? null
}

/** Playback speeds the keys step through, 0.5x to 2x. */
export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 2] as const

/** The next playback speed from `rate` one step slower or faster, held at the ends. */
export function steppedRate(rate: number, delta: 1 | -1): number {
  const last = PLAYBACK_RATES.length - 1
  const exact = PLAYBACK_RATES.findIndex((r) => Math.abs(r - rate) < 1e-9)
  // A speed between two steps (set elsewhere) goes to the step on that side.
  const above = PLAYBACK_RATES.findIndex((r) => r > rate)
  const index = exact >= 0 ? exact + delta : above < 0 ? last : delta > 0 ? above : above - 1
  return PLAYBACK_RATES[Math.min(last, Math.max(0, index))]
}
