import 'server-only'
import type { Tx } from '@/lib/db'

// Where a row's translation came from (`translatedBy`) travels with its text through undo and redo.
// A client may ask to restore an origin, but the server grants it only for a translation the row
// really held from that origin: every machine-made translation a write replaces is kept here
// (`SegmentVersion`), and a claim is checked against those, so no client can mark its own text as
// a provider's.

/** Origins a translation a person did not write may have. */
const MACHINE = ['deepseek', 'google', 'mymemory', 'memory', 'repeat', 'speech']

/**
 * Keeps the machine-made translations that `writes` are about to replace (call it in the same
 * transaction, before the write). Rules: only rows whose current origin is a machine's and whose
 * text changes; a version already kept for the row (same text and origin) is not kept twice.
 */
export async function keepReplacedVersions(tx: Tx, taskId: string, writes: readonly { id: number; translatedText?: string }[]): Promise<void> {
  const changed = writes.filter((w) => w.translatedText !== undefined)
  if (changed.length === 0) return
  await tx.$executeRaw`
    INSERT INTO "SegmentVersion" ("taskId", "index", "translatedText", "translatedBy", "firstTranslation")
    SELECT s."taskId", s."index", s."translatedText", s."translatedBy", s."firstTranslation"
    FROM "Segment" AS s
    JOIN unnest(${changed.map((w) => w.id)}::int[], ${changed.map((w) => w.translatedText!)}::text[]) AS v(i, t) ON s."index" = v.i
    WHERE s."taskId" = ${taskId} AND s."translatedText" IS NOT NULL AND s."translatedText" <> v.t AND s."translatedBy" = ANY(${MACHINE}::text[])
      AND NOT EXISTS (
        SELECT 1 FROM "SegmentVersion" AS k
        WHERE k."taskId" = s."taskId" AND k."index" = s."index" AND k."translatedBy" = s."translatedBy" AND k."translatedText" = s."translatedText")`
}

export type RestoredOrigin = { translatedBy: string; firstTranslation: string | null }

/**
 * The origins that may be restored: for each claim (a row, the text written, the origin asked
 * for), the row's kept version with that very text and origin, or the row itself when it holds
 * them now. A claim with no such version is not granted (the text is then a person's).
 */
export async function grantedOrigins(
  tx: Tx,
  taskId: string,
  claims: readonly { id: number; translatedText: string; translatedBy: string }[],
): Promise<Map<number, RestoredOrigin>> {
  const asked = claims.filter((c) => MACHINE.includes(c.translatedBy))
  if (asked.length === 0) return new Map()
  const ids = asked.map((c) => c.id)
  const found = await tx.$queryRaw<{ i: number; by: string; first: string | null }[]>`
    SELECT DISTINCT ON (v.i) v.i, v.b AS by, m.first
    FROM unnest(${ids}::int[], ${asked.map((c) => c.translatedText)}::text[], ${asked.map((c) => c.translatedBy)}::text[]) AS v(i, t, b)
    JOIN (
      SELECT "index", "translatedText" AS t, "translatedBy" AS b, "firstTranslation" AS first, "createdAt" AS at
      FROM "SegmentVersion" WHERE "taskId" = ${taskId} AND "index" = ANY(${ids}::int[])
      UNION ALL
      SELECT "index", "translatedText", "translatedBy", "firstTranslation", now()
      FROM "Segment" WHERE "taskId" = ${taskId} AND "index" = ANY(${ids}::int[]) AND "translatedText" IS NOT NULL
    ) AS m ON m."index" = v.i AND m.t = v.t AND m.b = v.b
    ORDER BY v.i, m.at DESC`
  return new Map(found.map((r) => [r.i, { translatedBy: r.by, firstTranslation: r.first }]))
}
