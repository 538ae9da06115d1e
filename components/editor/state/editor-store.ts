// The editor's one state: what the person selected, their unsaved drafts, the undo history and
// where playback is. The rows, the toolbar, the keys, the video pane (and a timeline) read and
// write this one store, so nothing keeps a second copy. The task's rows themselves stay in the
// query cache (lib/client/tasks.ts); the store holds what the editor adds on top of them.
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { Edits } from '../drafts'
import { emptyHistory, renumbered, withStep, type Change, type FieldStepKind, type History, type StepKind, type StructureStep } from '../history/history'
import { clickSelection, emptySelection, type Selection } from './selection'

/** What runs now: an undoable operation or an undo/redo step (the toolbar shows it busy). */
export type Busy = StepKind | 'undo' | 'redo' | null

/** Where the open video is: its time, whether it plays, the cue on screen then, and its speed. */
type Playback = { timeMs: number; isPlaying: boolean; cueId: number | null; rate: number }

/** The open video as the editor drives it (registered by the video pane while it is shown). */
export type Player = {
  /** Jumps to a moment (ms); false when no video is open. */
  seek: (ms: number) => boolean
  /** Plays or pauses; false when no video is open. */
  togglePlay: () => boolean
  /** Pauses (a frame step, a time set at the playhead); false when no video is open. */
  pause: () => boolean
  /** The open video's time now (ms), read from the element (the store's follows it a moment later); null when none is open. */
  now: () => number | null
  /** Plays at `rate` (0.5 to 2); false when no video is open. */
  setRate: (rate: number) => boolean
  /** The video file open from this computer (not the server's recording), for "Export video". */
  file: () => File | null
}

type EditorState = {
  /** Rows selected by click, Shift+click and Ctrl/Cmd+click (ids). */
  selection: Selection
  /** The active row: its index among the rows shown (all, or the flagged ones). */
  activeIndex: number
  /** Unsaved, saving and just-saved drafts per row (`drafts.ts`). */
  edits: Edits
  /** Rows whose single retranslation is in flight. */
  retranslating: ReadonlySet<number>
  /** Undo and redo steps (`history/history.ts`). */
  history: History
  busy: Busy
  playback: Playback
  player: Player | null
}

type EditorActions = {
  /** A click on the row at `index` of `rowIds` (the rows shown, in order). */
  clickRow: (rowIds: readonly number[], index: number, mods: { shift: boolean; toggle: boolean }) => void
  clearSelection: () => void
  activate: (index: number) => void
  updateEdits: (change: (edits: Edits) => Edits) => void
  setRetranslating: (id: number, isOn: boolean) => void
  /** Records an undoable step (steps that change nothing are dropped). */
  record: (kind: FieldStepKind, changes: Change[]) => void
  /** Records a split or a merge. */
  recordStructure: (step: StructureStep) => void
  setHistory: (change: (history: History) => History) => void
  /** A cue was inserted as `id`: the steps' rows from `id` on move one down. */
  renumber: (id: number) => void
  setBusy: (busy: Busy) => void
  setPlayback: (playback: Partial<Playback>) => void
  attachPlayer: (player: Player | null) => void
  /** Seeks the open video; false when none is open (the editor then offers to open one). */
  seek: (ms: number) => boolean
}

export type EditorStore = EditorState & EditorActions
export type EditorStoreApi = StoreApi<EditorStore>

const initialState: EditorState = {
  selection: emptySelection,
  activeIndex: 0,
  edits: {},
  retranslating: new Set(),
  history: emptyHistory,
  busy: null,
  playback: { timeMs: 0, isPlaying: false, cueId: null, rate: 1 },
  player: null,
}

/** A store for one open editor (made per mount, so two editors or two requests never share one). */
export function createEditorStore(): EditorStoreApi {
  return createStore<EditorStore>()((set, get) => ({
    ...initialState,
    clickRow: (rowIds, index, mods) => set((s) => ({ selection: clickSelection(s.selection, rowIds, index, mods) })),
    clearSelection: () => set({ selection: emptySelection }),
    activate: (index) => set({ activeIndex: index }),
    updateEdits: (change) => set((s) => ({ edits: change(s.edits) })),
    setRetranslating: (id, isOn) =>
      set((s) => {
        const next = new Set(s.retranslating)
        if (isOn) next.add(id)
        else next.delete(id)
        return { retranslating: next }
      }),
    record: (kind, changes) => set((s) => ({ history: withStep(s.history, { kind, changes }) })),
    recordStructure: (step) => set((s) => ({ history: withStep(s.history, step) })),
    setHistory: (change) => set((s) => ({ history: change(s.history) })),
    renumber: (id) => set((s) => ({ history: renumbered(s.history, id) })),
    setBusy: (busy) => set({ busy }),
    setPlayback: (playback) => set((s) => ({ playback: { ...s.playback, ...playback } })),
    attachPlayer: (player) => set({ player }),
    seek: (ms) => get().player?.seek(ms) ?? false,
  }))
}
