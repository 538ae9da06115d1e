import 'server-only'
import { db } from '@/lib/db'
import { AppError } from '@/lib/errors'
import { formatMs, parseTime } from '@/lib/subtitles/time'
import { toSegmentDto, type SegmentDto } from './dto'
import { rememberEdits, rememberRestored } from './memory'
import { findOwnTask } from './queries'
import { grantedOrigins, keepReplacedVersions } from './segment-versions'
import { MAX_CUE_TIME_MS, type SegmentChange } from './schemas'
import { lacksTranslation, type CueTexts } from './untranslated'

async function findSegment(taskId: string, segmentId: number) {
  const segment = await db.segment.findUnique({ where: { taskId_index: { taskId, index: segmentId } } })
  if (!segment) throw new AppError('not_found', 'segmentNotFound')
  return segment
}

/**
 * Whether a change may apply to a row while its task translates. Rules: only a row that already has
 * its translation can change, and no change may leave a cue with text lacking its translation (a
 * blank cue given text, its translation not given with it): the worker has passed over that row
 * and the task would be completed without it.
 */
function applies(row: CueTexts, change: { originalText?: string; translatedText?: string }): boolean {
  if (row.translatedText === null) return false
  return !lacksTranslation({
    originalText: change.originalText ?? row.originalText,
    translatedText: change.translatedText ?? row.translatedText,
    translatedBy: change.translatedText === undefined ? row.translatedBy : 'edited',
  })
}

/**
 * Edits the original and/or translated text of one segment of the user's task and marks it edited
 * (`editedAt`); a translation written here is a person's (`translatedBy: 'edited'`), which the
 * worker never overwrites (`saveTranslations`). Rule: while the task translates, a change must
 * apply (`applies`; 40900 otherwise).
 */
export async function editSegment({
  userId,
  taskId,
  segmentId,
  originalText,
  translatedText,
}: {
  userId: string
  taskId: string
  segmentId: number
  originalText?: string
  translatedText?: string
}): Promise<SegmentDto> {
  const task = await findOwnTask({ userId, taskId })
  const segment = await findSegment(taskId, segmentId)
  if (task.status === 'translating' && !applies(segment, { originalText, translatedText })) throw new AppError('conflict', 'segmentPending')
  const updated = await db.$transaction(async (tx) => {
    // The machine's translation this replaces is kept, so undoing the edit can restore its origin.
    await keepReplacedVersions(tx, taskId, [{ id: segmentId, translatedText }])
    return tx.segment.update({
      where: { taskId_index: { taskId, index: segmentId } },
      data: {
        ...(originalText === undefined ? {} : { originalText }),
        // A person's translation is marked as such (the editor shows who made each line).
        ...(translatedText === undefined ? {} : { translatedText, translatedBy: 'edited' }),
        editedAt: new Date(),
      },
    })
  })
  // A person's translation replaces what the memory held for this line.
  if (translatedText !== undefined) await rememberEdits({ taskId, indexes: [segmentId] })
  return toSegmentDto(updated)
}

/**
 * Applies several segment changes (texts and/or times) in one statement: the editor's replace
 * all, undo and redo. Rules: all or nothing; every id must exist (40400); while translating, every
 * change must apply (`applies`; 40900); every changed row is marked edited (`editedAt`), and a
 * row whose translation is written is marked as a person's (`translatedBy: 'edited'`) unless the
 * change asks for the origin the row had with that very text (undo, redo) and the row held it
 * (lib/tasks/segment-versions.ts): then that origin (and its review's first version) comes back,
 * and the memory no longer keeps the undone text as the person's (`rememberRestored`).
 */
export async function editSegments({ userId, taskId, changes }: { userId: string; taskId: string; changes: SegmentChange[] }): Promise<SegmentDto[]> {
  const task = await findOwnTask({ userId, taskId })
  const ids = changes.map((c) => c.id)
  const rows = await db.segment.findMany({ where: { taskId, index: { in: ids } }, select: { index: true, originalText: true, translatedText: true, translatedBy: true } })
  if (rows.length !== ids.length) throw new AppError('not_found', 'segmentNotFound')
  const byId = new Map(rows.map((r) => [r.index, r]))
  if (task.status === 'translating' && changes.some((c) => !applies(byId.get(c.id)!, c))) throw new AppError('conflict', 'segmentPending')
  const times = changes.map((c) => (c.startTime === undefined ? null : { start: parseTime(c.startTime) ?? 0, end: parseTime(c.endTime ?? '') ?? 0 }))
  const claims = changes.flatMap((c) => (c.translatedText !== undefined && c.translatedBy !== undefined ? [{ id: c.id, translatedText: c.translatedText, translatedBy: c.translatedBy }] : []))
  const granted = await db.$transaction(async (tx) => {
    const origins = await grantedOrigins(tx, taskId, claims)
    await keepReplacedVersions(tx, taskId, changes)
    const by = changes.map((c) => (c.translatedText === undefined ? null : (origins.get(c.id)?.translatedBy ?? 'edited')))
    await tx.$executeRaw`
      UPDATE "Segment" AS s SET
        "originalText" = COALESCE(v.o, s."originalText"),
        "translatedText" = COALESCE(v.t, s."translatedText"),
        "translatedBy" = COALESCE(v.b, s."translatedBy"),
        "firstTranslation" = CASE WHEN v.r THEN v.f ELSE s."firstTranslation" END,
        "startTime" = COALESCE(v.st, s."startTime"),
        "endTime" = COALESCE(v.et, s."endTime"),
        "durationMs" = COALESCE(v.d, s."durationMs"),
        "editedAt" = now()
      FROM unnest(
        ${ids}::int[], ${changes.map((c) => c.originalText ?? null)}::text[], ${changes.map((c) => c.translatedText ?? null)}::text[], ${by}::text[],
        ${changes.map((c) => origins.has(c.id))}::boolean[], ${changes.map((c) => origins.get(c.id)?.firstTranslation ?? null)}::text[],
        ${times.map((t) => (t ? formatMs(t.start) : null))}::text[], ${times.map((t) => (t ? formatMs(t.end) : null))}::text[],
        ${times.map((t) => (t ? Math.max(0, t.end - t.start) : null))}::int[]
      ) AS v(i, o, t, b, r, f, st, et, d)
      WHERE s."taskId" = ${taskId} AND s."index" = v.i`
    return origins
  })
  await rememberEdits({ taskId, indexes: changes.filter((c) => c.translatedText !== undefined && !granted.has(c.id)).map((c) => c.id) })
  await rememberRestored({
    taskId,
    items: changes.flatMap((c) => {
      const row = byId.get(c.id)!
      return granted.has(c.id) && row.translatedText !== null ? [{ sourceText: row.originalText, undoneText: row.translatedText, restoredText: c.translatedText! }] : []
    }),
  })
  const updated = await db.segment.findMany({ where: { taskId, index: { in: ids } }, orderBy: { index: 'asc' } })
  return updated.map(toSegmentDto)
}

/**
 * Moves the cues of the user's task (all, or the listed ids) by `offsetMs`, never below zero; a
 * cue pushed against zero keeps its length when it can. Answers the moved segments. Rules: not
 * while the task translates (40900); a shift that would end a cue past 99:59:59,999 is a 40000 and
 * changes nothing. Times are not translations: the rows stay the worker's to translate.
 */
export async function shiftSegments({ userId, taskId, offsetMs, ids }: { userId: string; taskId: string; offsetMs: number; ids?: number[] }): Promise<SegmentDto[]> {
  const task = await findOwnTask({ userId, taskId })
  if (task.status === 'translating') throw new AppError('conflict', 'taskBusy')
  const rows = await db.segment.findMany({
    where: { taskId, ...(ids ? { index: { in: ids } } : {}) },
    orderBy: { index: 'asc' },
    select: { index: true, startTime: true, endTime: true },
  })
  if (ids && rows.length !== new Set(ids).size) throw new AppError('not_found', 'segmentNotFound')
  const moved = rows.map((r) => {
    const start = parseTime(r.startTime) ?? 0
    const end = parseTime(r.endTime) ?? start
    const newStart = Math.max(0, start + offsetMs)
    const newEnd = Math.max(newStart, end + offsetMs, 0)
    return { id: r.index, startTime: formatMs(newStart), endTime: formatMs(newEnd), durationMs: newEnd - newStart, endMs: newEnd }
  })
  if (moved.length === 0) return []
  if (moved.some((m) => m.endMs > MAX_CUE_TIME_MS)) throw new AppError('bad_request', 'shiftOutOfRange')
  // Refused as a whole if a retry started the translation since the check above.
  const changed = await db.$executeRaw`
    UPDATE "Segment" AS s SET "startTime" = v.st, "endTime" = v.et, "durationMs" = v.d, "editedAt" = now()
    FROM unnest(${moved.map((m) => m.id)}::int[], ${moved.map((m) => m.startTime)}::text[], ${moved.map((m) => m.endTime)}::text[], ${moved.map((m) => m.durationMs)}::int[]) AS v(i, st, et, d)
    WHERE s."taskId" = ${taskId} AND s."index" = v.i
      AND NOT EXISTS (SELECT 1 FROM "Task" WHERE "id" = ${taskId} AND "status" = 'translating')`
  if (changed === 0) throw new AppError('conflict', 'taskBusy')
  const updated = await db.segment.findMany({ where: { taskId, index: { in: moved.map((m) => m.id) } }, orderBy: { index: 'asc' } })
  return updated.map(toSegmentDto)
}
