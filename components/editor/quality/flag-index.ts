// The flags of every row for the header's count and the "flagged only" filter. Results are cached
// per segment object and draft, so a keystroke re-checks one row, not 3,000.
import { coversSpeech, type Span } from '@/lib/captions'
import type { TaskSegment } from '@/lib/client/tasks'
import { shownText, type Edits, type RowEdit } from '../drafts'
import { checkCue, timeToMs, type GlossaryTerm, type Limits, type ScriptFlagCheck } from './quality'

type Cached = { edit: RowEdit | undefined; limits: Limits; glossary: readonly GlossaryTerm[]; script: ScriptFlagCheck | null; speech: readonly Span[] | null; isPending: boolean; isFlagged: boolean }

/** True when the recording's speech is known and the cue covers none of it. */
export function isSilentCue(segment: Pick<TaskSegment, 'startTime' | 'endTime'>, speech: readonly Span[] | null): boolean {
  return speech !== null && !coversSpeech(speech, { startMs: timeToMs(segment.startTime), endMs: timeToMs(segment.endTime) })
}
const cache = new WeakMap<TaskSegment, Cached>()
const NO_TIMING: ReadonlyMap<number, unknown> = new Map()

/** Ids of the rows with at least one flag (a text check's or a timing one's), in list order. */
export function flaggedIds(
  segments: readonly TaskSegment[],
  edits: Edits,
  limits: Limits,
  isTranslating: boolean,
  glossary: readonly GlossaryTerm[] = [],
  script: ScriptFlagCheck | null = null,
  speech: readonly Span[] | null = null,
  /** The rows' timing flags (timing-flags.ts): a row with one is flagged too. */
  timing: ReadonlyMap<number, unknown> = NO_TIMING,
): number[] {
  const ids: number[] = []
  for (const segment of segments) {
    const edit = edits[segment.id]
    const isPending = isTranslating && (segment.translatedText === null || segment.translatedText === undefined)
    let hit = cache.get(segment)
    if (!hit || hit.edit !== edit || hit.limits !== limits || hit.glossary !== glossary || hit.script !== script || hit.speech !== speech || hit.isPending !== isPending) {
      const quality = checkCue(
        {
          original: shownText(segment, edit, 'originalText'),
          translated: shownText(segment, edit, 'translatedText'),
          durationMs: timeToMs(segment.endTime) - timeToMs(segment.startTime),
          isPending,
          isSilent: isSilentCue(segment, speech),
        },
        limits,
        glossary,
        script,
      )
      hit = { edit, limits, glossary, script, speech, isPending, isFlagged: quality.flags.length > 0 }
      cache.set(segment, hit)
    }
    if (hit.isFlagged || timing.has(segment.id)) ids.push(segment.id)
  }
  return ids
}

/** The next flagged row from `index` in `delta`'s direction, wrapping around; null when none is flagged. */
export function nextFlagged(rows: readonly { id: number }[], index: number, delta: 1 | -1, flags: ReadonlySet<number>): number | null {
  for (let step = 1; step <= rows.length; step++) {
    const next = (index + delta * step + rows.length * 2) % rows.length
    if (flags.has(rows[next].id)) return next
  }
  return null
}
