// Undo and redo of the editor as pure data: each step lists, per segment, the fields before and
// after, so undoing is writing "before" back (one request) and redoing is writing "after". A
// translation travels with its origin (`translatedBy`): undoing a replace asks the server to give
// the provider's line back as the provider's, which it grants only if the row held it. A split or
// a merge changes which rows there are: its step is undone by the other operation on the server.
import type { MergedTexts, SplitParts, TaskSegment, TranslatedBy } from '@/lib/client/tasks'

export type SegmentFields = { originalText?: string; translatedText?: string; translatedBy?: TranslatedBy; startTime?: string; endTime?: string }
export type Change = { id: number; before: SegmentFields; after: SegmentFields }
/** Steps that write fields of rows. */
export type FieldStepKind = 'edit' | 'replace' | 'retranslate' | 'shift'
export type StepKind = FieldStepKind | 'split' | 'merge'
export type FieldStep = { kind: FieldStepKind; changes: Change[] }
/** A cue as a split or a merge leaves it, all a split or merge back needs. */
export type CueSnapshot = Pick<TaskSegment, 'startTime' | 'endTime' | 'originalText'> & { translatedText: string | null; translatedBy: TranslatedBy | null; speakers: string[] }
/**
 * A split (the cue `id`, `whole`, became `parts`, rows `id` and `id + 1`) or a merge (the other
 * way). Undone and redone by the other operation on the server, with the texts each side had.
 */
export type StructureStep = { kind: 'split' | 'merge'; id: number; whole: CueSnapshot; parts: [CueSnapshot, CueSnapshot] }
export type Step = FieldStep | StructureStep
export type History = { readonly undo: readonly Step[]; readonly redo: readonly Step[] }

/** A row's translation with its origin, as a step's fields (no origin when it has none). */
export function translationOf(segment: Pick<TaskSegment, 'translatedText' | 'translatedBy'>): SegmentFields {
  return { translatedText: segment.translatedText ?? '', ...(segment.translatedBy ? { translatedBy: segment.translatedBy } : {}) }
}

/** Steps kept: enough for an afternoon's work, bounded so a long session does not grow forever. */
export const MAX_STEPS = 200

export const emptyHistory: History = { undo: [], redo: [] }

const isSame = (a: SegmentFields, b: SegmentFields) => (Object.keys(b) as (keyof SegmentFields)[]).every((k) => a[k] === b[k])

/** Records a step; a new step clears what could be redone. Steps that change nothing are dropped. */
export function withStep(history: History, step: Step): History {
  if (isStructure(step)) return { undo: [...history.undo, step].slice(-MAX_STEPS), redo: [] }
  const changes = step.changes.filter((c) => !isSame(c.before, c.after))
  if (changes.length === 0) return history
  return { undo: [...history.undo, { ...step, changes }].slice(-MAX_STEPS), redo: [] }
}

export const isStructure = (step: Step): step is StructureStep => step.kind === 'split' || step.kind === 'merge'

/** What a cue's snapshot asks back of its translation's origin: a machine's (the server checks it), never "edited". */
const askedOrigin = (cue: CueSnapshot) => (cue.translatedBy && cue.translatedBy !== 'edited' ? { translatedBy: cue.translatedBy } : {})

/**
 * The server call that undoes or redoes a split or a merge: to `parts` is a split of the cue
 * `id` at the parts' times, to `whole` a merge of `id` with the next, each with the texts, origin
 * and speakers that side had.
 */
export function structureCall(step: StructureStep, direction: 'undo' | 'redo'): { op: 'split'; id: number; body: SplitParts } | { op: 'merge'; id: number; body: MergedTexts } {
  const toParts = (step.kind === 'split') === (direction === 'redo')
  const { id, whole, parts } = step
  const [first, second] = parts
  if (toParts) {
    const translated = whole.translatedText !== null
    return {
      op: 'split',
      id,
      body: {
        endTime: first.endTime,
        startTime: second.startTime,
        originalText: [first.originalText, second.originalText],
        ...(translated ? { translatedText: [first.translatedText ?? '', second.translatedText ?? ''] as [string, string], ...askedOrigin(first) } : {}),
        speakers: [first.speakers, second.speakers],
      },
    }
  }
  const translated = first.translatedText !== null || second.translatedText !== null
  return { op: 'merge', id, body: { originalText: whole.originalText, ...(translated ? { translatedText: whole.translatedText ?? '', ...askedOrigin(whole) } : {}) } }
}

/** A row as a split or merge snapshot keeps it. */
export const snapshotOf = (segment: TaskSegment): CueSnapshot => ({
  startTime: segment.startTime,
  endTime: segment.endTime,
  originalText: segment.originalText,
  translatedText: segment.translatedText ?? null,
  translatedBy: segment.translatedBy ?? null,
  speakers: [...(segment.speakers ?? [])],
})

/** The writes of undoing or redoing a step of fields: each segment's fields as they should become. */
export function writesOf(step: FieldStep, direction: 'undo' | 'redo'): ({ id: number } & SegmentFields)[] {
  return step.changes.map((c) => ({ id: c.id, ...(direction === 'undo' ? c.before : c.after) }))
}

/** Moves the newest step to the other stack; answers it with the new history (or null when empty). */
export function takeStep(history: History, direction: 'undo' | 'redo'): { step: Step; history: History } | null {
  const from = direction === 'undo' ? history.undo : history.redo
  const step = from.at(-1)
  if (!step) return null
  const rest = from.slice(0, -1)
  return direction === 'undo' ? { step, history: { undo: rest, redo: [...history.redo, step] } } : { step, history: { undo: [...history.undo, step], redo: rest } }
}

/** Puts a step back where it came from (its writes failed on the server). */
export function returnStep(history: History, direction: 'undo' | 'redo'): History {
  const moved = direction === 'undo' ? history.redo.at(-1) : history.undo.at(-1)
  if (!moved) return history
  return direction === 'undo'
    ? { undo: [...history.undo, moved], redo: history.redo.slice(0, -1) }
    : { undo: history.undo.slice(0, -1), redo: [...history.redo, moved] }
}

/** The history after a cue was inserted as `id`: every step's rows from `id` on are one further down. */
export function renumbered(history: History, id: number): History {
  const step = (s: Step): Step => (isStructure(s) ? (s.id >= id ? { ...s, id: s.id + 1 } : s) : { ...s, changes: s.changes.map((c) => (c.id >= id ? { ...c, id: c.id + 1 } : c)) })
  return { undo: history.undo.map(step), redo: history.redo.map(step) }
}
