import 'server-only'
import type { Tx } from '@/lib/db'
import type { Cue } from '@/lib/subtitles'

// A 5 MB file holds about 60,000 cues: rows go in as arrays (one statement per chunk), not one
// parameter per value, which would pass PostgreSQL's 65,535-parameter limit.
const CHUNK = 5000

/** Stores a task's cues as its segments (ids, times and text as parsed). */
export async function insertSegments(tx: Tx, taskId: string, cues: readonly Cue[]): Promise<void> {
  for (let from = 0; from < cues.length; from += CHUNK) {
    const chunk = cues.slice(from, from + CHUNK)
    await tx.$executeRaw`
      INSERT INTO "Segment" ("taskId", "index", "startTime", "endTime", "durationMs", "originalText")
      SELECT ${taskId}, * FROM unnest(
        ${chunk.map((c) => c.id)}::int[], ${chunk.map((c) => c.startTime)}::text[], ${chunk.map((c) => c.endTime)}::text[],
        ${chunk.map((c) => Math.max(0, c.endMs - c.startMs))}::int[], ${chunk.map((c) => c.text)}::text[])`
  }
}

/**
 * Writes translations of one batch with who made each; answers how many segments of the task were
 * matched. A translation the review pass corrected keeps the first one (`firstTranslation`). A
 * segment whose translation a person wrote (`translatedBy = 'edited'`) keeps it: the worker never
 * overwrites a human translation. Other edits (times, the original text) mark only
 * `editedAt` and leave the row to the worker, so a cue is never left untranslated by them.
 */
export async function saveTranslations(
  tx: Tx,
  taskId: string,
  items: readonly { id: number; translatedText: string; translatedBy?: string | null; firstTranslation?: string }[],
): Promise<number> {
  let updated = 0
  for (let from = 0; from < items.length; from += CHUNK) {
    const chunk = items.slice(from, from + CHUNK)
    updated += await tx.$executeRaw`
      UPDATE "Segment" AS s
      SET "translatedText" = CASE WHEN s."translatedBy" IS DISTINCT FROM 'edited' THEN v.t ELSE s."translatedText" END,
          "translatedBy" = CASE WHEN s."translatedBy" IS DISTINCT FROM 'edited' THEN v.b ELSE s."translatedBy" END,
          "firstTranslation" = CASE WHEN s."translatedBy" IS DISTINCT FROM 'edited' THEN v.f ELSE s."firstTranslation" END
      FROM unnest(
        ${chunk.map((i) => i.id)}::int[], ${chunk.map((i) => i.translatedText)}::text[], ${chunk.map((i) => i.translatedBy ?? null)}::text[],
        ${chunk.map((i) => i.firstTranslation ?? null)}::text[]) AS v(i, t, b, f)
      WHERE s."taskId" = ${taskId} AND s."index" = v.i`
  }
  return updated
}

/** Stores who speaks each segment (a transcription's labels: one, or two for a dialogue cue). */
export async function saveSpeakers(tx: Tx, taskId: string, items: readonly { id: number; speakers: readonly string[] }[]): Promise<void> {
  for (let from = 0; from < items.length; from += CHUNK) {
    const chunk = items.slice(from, from + CHUNK)
    // Arrays of arrays do not unnest row by row: each row's speakers travel as a JSON list.
    await tx.$executeRaw`
      UPDATE "Segment" AS s SET "speakers" = ARRAY(SELECT jsonb_array_elements_text(v.sp::jsonb))
      FROM unnest(${chunk.map((i) => i.id)}::int[], ${chunk.map((i) => JSON.stringify(i.speakers))}::text[]) AS v(i, sp)
      WHERE s."taskId" = ${taskId} AND s."index" = v.i`
  }
}
