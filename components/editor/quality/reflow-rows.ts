import type { SegmentWrite, TaskSegment } from '@/lib/client/tasks'
import type { ScriptCheck } from '@/lib/subtitles/chinese-script'
import { shownText, type Edits, type RowEdit } from '../drafts'

// One-click fixes of rows' translations, each written as one undoable step.

/**
 * The export's line breaking applied to some rows' translations as shown (typing included): the
 * writes for those it changes. lib/subtitles/reflow.ts loads on first use (BudouX's models are large).
 */
export async function reflowWrites(ids: readonly number[], segments: readonly TaskSegment[], edits: Edits, language: string): Promise<SegmentWrite[]> {
  const { reflowCue } = await import('@/lib/subtitles/reflow')
  const writes: SegmentWrite[] = []
  for (const id of ids) {
    const segment = segments.find((s) => s.id === id)
    if (!segment || segment.translatedText === null) continue
    const text = shownText(segment, edits[id], 'translatedText')
    const next = reflowCue(text, language)
    if (next !== text) writes.push({ id, translatedText: next })
  }
  return writes
}

/** The wrong-script flag's "convert": the row's line in the task's Chinese script, or null when it already is. */
export function scriptWrite(segment: TaskSegment, edit: RowEdit | undefined, check: ScriptCheck): SegmentWrite | null {
  const text = shownText(segment, edit, 'translatedText')
  const next = check.convert(text)
  return next === text ? null : { id: segment.id, translatedText: next }
}
