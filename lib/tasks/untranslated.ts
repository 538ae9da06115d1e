import 'server-only'
import { db } from '@/lib/db'

// What JavaScript's trim() removes: the engine (lib/translate/engine/plan.ts) calls such text blank.
const BLANK = /^\s*$/
// The same set for PostgreSQL, as literal characters: [:space:] plus Unicode's other spaces.
const PG_SPACE = '[:space:]\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff'

export type CueTexts = { originalText: string; translatedText: string | null; translatedBy: string | null }

/**
 * Whether a cue with text still lacks its translation: it has none yet, or a blank one that no
 * person chose (a translator never answers blank for text; a person may empty a line on purpose).
 */
export function lacksTranslation(cue: CueTexts): boolean {
  if (BLANK.test(cue.originalText)) return false
  return cue.translatedText === null || (BLANK.test(cue.translatedText) && cue.translatedBy !== 'edited')
}

/** The ids of the task's cues that lack their translation (`lacksTranslation`), in order. */
export async function untranslatedCueIds(taskId: string): Promise<number[]> {
  // The database narrows to rows without a real translation (none on a healthy task); the rule is applied here.
  const rows = await db.$queryRaw<(CueTexts & { index: number })[]>`
    SELECT "index", "originalText", "translatedText", "translatedBy" FROM "Segment"
    WHERE "taskId" = ${taskId}
      AND ("translatedText" IS NULL OR ("translatedText" !~ ${`[^${PG_SPACE}]`} AND "translatedBy" IS DISTINCT FROM 'edited'))
    ORDER BY "index"`
  return rows.filter(lacksTranslation).map((r) => r.index)
}
