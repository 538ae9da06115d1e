import 'server-only'
import type { Segment } from '@prisma/client'
import { db } from '@/lib/db'

// Segments carry the id of the transaction that last wrote them ("changeXid", set by a trigger:
// prisma/migrations/20261125010000_segment_change_xid). A poll's cursor is the oldest transaction
// still running when it starts: every write it could not see yet belongs to that transaction or a
// later one, so asking for changeXid >= cursor next time misses nothing (and repeats at most the
// few rows committed while the poll ran). Timestamps could not promise that: a transaction that
// stamps a row early and commits late would slip behind a client's clock.

/** The cursor for the next poll: take it before reading anything. */
export async function changeCursor(): Promise<string> {
  const [row] = await db.$queryRaw<{ cursor: string }[]>`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS cursor`
  return row.cursor
}

type SegmentRow = Pick<Segment, 'index' | 'startTime' | 'endTime' | 'durationMs' | 'originalText' | 'translatedText' | 'translatedBy' | 'firstTranslation' | 'fit' | 'speakers'>

/** The task's segments written by transactions from `since` on, in order. */
export function changedSegments(taskId: string, since: string): Promise<SegmentRow[]> {
  return db.$queryRaw<SegmentRow[]>`
    SELECT "index", "startTime", "endTime", "durationMs", "originalText", "translatedText", "translatedBy", "firstTranslation", "fit", "speakers"
    FROM "Segment" WHERE "taskId" = ${taskId} AND "changeXid" >= ${BigInt(since)}
    ORDER BY "index"`
}
