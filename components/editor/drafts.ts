// Pure rules of the editor's unsaved edits, kept apart from React so they can be unit tested.
import type { TaskSegment } from '@/lib/client/tasks'

export type EditableField = 'originalText' | 'translatedText'
export type Draft = Partial<Record<EditableField, string>>
export type RowStatus = 'unsaved' | 'saving' | 'saved' | 'error'
export type RowEdit = { draft: Draft; status: RowStatus }
export type Edits = Readonly<Record<number, RowEdit>>

/** The text a row shows: the user's draft wins over the server until the draft is saved. */
export function shownText(segment: TaskSegment, edit: RowEdit | undefined, field: EditableField): string {
  const draft = edit?.draft[field]
  return draft ?? segment[field] ?? ''
}

/** Records a keystroke: the field's draft and an "unsaved" row. */
export function withChange(edits: Edits, id: number, field: EditableField, value: string): Edits {
  const current = edits[id]
  return { ...edits, [id]: { draft: { ...current?.draft, [field]: value }, status: 'unsaved' } }
}

export function withStatus(edits: Edits, id: number, status: RowStatus): Edits {
  const current = edits[id]
  if (!current || current.status === status) return edits
  return { ...edits, [id]: { ...current, status } }
}

/**
 * After a save of `sent` succeeded: fields still equal to what was sent are settled and dropped;
 * anything typed meanwhile stays as an unsaved draft. A row with nothing left shows "saved".
 */
export function withSaved(edits: Edits, id: number, sent: Draft): Edits {
  const current = edits[id]
  if (!current) return edits
  const draft: Draft = {}
  for (const field of Object.keys(current.draft) as EditableField[]) {
    if (current.draft[field] !== sent[field]) draft[field] = current.draft[field]
  }
  const isSettled = Object.keys(draft).length === 0
  return { ...edits, [id]: { draft, status: isSettled ? 'saved' : 'unsaved' } }
}

/** Drops a row's entry once its "saved" tick has been shown, unless it was edited again. */
export function withoutSettled(edits: Edits, id: number): Edits {
  const current = edits[id]
  if (!current || current.status !== 'saved' || Object.keys(current.draft).length > 0) return edits
  const next = { ...edits }
  delete next[id]
  return next
}

/** Forgets one field's draft (a retranslation replaces what the user had typed there). */
export function withoutField(edits: Edits, id: number, field: EditableField): Edits {
  const current = edits[id]
  if (!current || current.draft[field] === undefined) return edits
  const draft = { ...current.draft }
  delete draft[field]
  const next = { ...edits }
  if (Object.keys(draft).length) next[id] = { draft, status: current.status }
  else delete next[id]
  return next
}

/** Counts for the header: rows not yet on the server, and rows being saved. */
export function summarize(edits: Edits): { unsaved: number; saving: number; failed: number } {
  let unsaved = 0
  let saving = 0
  let failed = 0
  for (const edit of Object.values(edits)) {
    if (edit.status === 'unsaved') unsaved++
    else if (edit.status === 'saving') saving++
    else if (edit.status === 'error') failed++
  }
  return { unsaved, saving, failed }
}
