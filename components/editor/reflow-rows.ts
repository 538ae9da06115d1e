import type { SegmentWrite, TaskSegment } from '@/lib/client/tasks'
import { shownText, type Edits } from './drafts'

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
