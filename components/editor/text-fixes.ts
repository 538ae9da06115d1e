// Fixes of a row's translation the editor offers in one click, each written as one undoable step.
import type { SegmentWrite, TaskSegment } from '@/lib/client/tasks'
import { shownText, type Edits, type RowEdit } from './drafts'
import type { ScriptCheck } from '@/lib/subtitles/chinese-script'

/**
 * The export's line breaking (lib/subtitles/reflow.ts, loaded on first use: BudouX's models are
 * large) applied to the rows `ids`, as they show (drafts included): one write per row it changes.
 */
export async function lineBreakWrites(ids: readonly number[], segments: readonly TaskSegment[], edits: Edits, language: string): Promise<SegmentWrite[]> {
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
