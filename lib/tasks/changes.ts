import 'server-only'
import type { Segment } from '@prisma/client'
import { db } from '@/lib/db'

// Segments carry the id of the transaction that last wrote them ("changeXid", set by a trigger:
// prisma/migrations/20261125010000_segment_change_xid). A poll's cursor is the snapshot it was taken
// in (`xmin:xmax:xip…`, PostgreSQL's pg_snapshot text): the next poll asks for the rows written by a
// transaction that snapshot could not see (one still running then, or begun after it), which is
// every row not yet downloaded, once (the cursor and the rows come from one snapshot). A lower
// bound alone (the oldest running transaction) would send every row again on every poll while any
// transaction anywhere stays open; timestamps could not promise completeness, as a transaction that
// stamps a row early and commits late would slip behind a client's clock.

type SegmentRow = Pick<Segment, 'index' | 'startTime' | 'endTime' | 'durationMs' | 'originalText' | 'translatedText' | 'translatedBy' | 'firstTranslation' | 'fit' | 'speakers'>

const cursorQuery = () => db.$queryRaw<{ cursor: string }[]>`SELECT pg_current_snapshot()::text AS cursor`

/** The task's segments written by transactions the cursor's snapshot could not see, in order (`since` checked by changeCursorSchema). */
const changedSegmentsQuery = (taskId: string, since: string) => db.$queryRaw<SegmentRow[]>`
  SELECT "index", "startTime", "endTime", "durationMs", "originalText", "translatedText", "translatedBy", "firstTranslation", "fit", "speakers"
  FROM "Segment"
  WHERE "taskId" = ${taskId}
    AND "changeXid" >= pg_snapshot_xmin(${since}::pg_snapshot)::text::bigint
    AND NOT pg_visible_in_snapshot("changeXid"::text::xid8, ${since}::pg_snapshot)
  ORDER BY "index"`

// One snapshot for the cursor and the rows read (repeatable read): the next poll starts exactly
// where this one's rows end, so no row committed meanwhile is sent twice.
const ONE_SNAPSHOT = { isolationLevel: 'RepeatableRead' } as const

/** The user's task (null when not theirs) with all its segments, and the cursor of the snapshot they were read in. */
export async function readTaskAtCursor({ userId, taskId }: { userId: string; taskId: string }) {
  const [[{ cursor }], task, segments] = await db.$transaction(
    [cursorQuery(), db.task.findFirst({ where: { id: taskId, userId }, omit: { source: true } }), db.segment.findMany({ where: { taskId }, orderBy: { index: 'asc' } })],
    ONE_SNAPSHOT,
  )
  return { cursor, task, segments: task ? segments : [] }
}

/** The user's task (null when not theirs), its segment count and the segments written since `since`, with the cursor of the snapshot they were read in. */
export async function readTaskChanges({ userId, taskId, since }: { userId: string; taskId: string; since: string }) {
  const [[{ cursor }], task, segmentCount, segments] = await db.$transaction(
    [cursorQuery(), db.task.findFirst({ where: { id: taskId, userId }, omit: { source: true } }), db.segment.count({ where: { taskId } }), changedSegmentsQuery(taskId, since)],
    ONE_SNAPSHOT,
  )
  return { cursor, task, segmentCount, segments: task ? segments : [] }
}
