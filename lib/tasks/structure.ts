import 'server-only'
import type { Prisma } from '@prisma/client'
import { db, type Tx } from '@/lib/db'
import { AppError } from '@/lib/errors'
import { formatMs, parseTime } from '@/lib/subtitles/time'
import { toSegmentDto, type SegmentDto } from './dto'
import { findOwnTask } from './queries'
import type { MergeSegmentsBody, SplitSegmentBody } from './schemas'
import { grantedOrigins, keepReplacedVersions } from './segment-versions'

// Cues split in two and merged with the next: the rows after them renumbered in the same
// transaction (a row's number is its place in the file), with the review comments pointing at them.
// The editor decides the texts and times (its timing profile, the playhead, the line's language)
// and the server keeps the rules: the task's own row, not while it translates, times inside the
// cue, the same texts the rows held translated or not. Undo is the other operation with the texts
// it had: a split is undone by a merge that names the line's text and origin, and the origin comes
// back as for undo of an edit (lib/tasks/segment-versions.ts).

/**
 * The task, held for the change: the caller's, not translating (40900 `taskBusy`), and not a
 * WebVTT or ASS file, whose export writes the translation back into the file's own cues one for
 * one (40900 `cuesFollowSource`).
 */
async function heldTask(tx: Tx, { userId, taskId }: { userId: string; taskId: string }) {
  await findOwnTask({ userId, taskId })
  const [held] = await tx.$queryRaw<{ status: string; hasSource: boolean }[]>`
    SELECT "status"::text AS status, "source" IS NOT NULL AS "hasSource" FROM "Task" WHERE "id" = ${taskId} AND "userId" = ${userId} FOR UPDATE`
  if (!held) throw new AppError('not_found', 'taskNotFound')
  if (held.status === 'translating') throw new AppError('conflict', 'taskBusy')
  if (held.hasSource) throw new AppError('conflict', 'cuesFollowSource')
}

/** Rows from `from` on move by `delta` (±1), their review comments with them; two steps, so no row ever takes a number another still holds. */
async function renumberFrom(tx: Tx, taskId: string, from: number, delta: 1 | -1) {
  await tx.$executeRaw`UPDATE "Segment" SET "index" = -("index" + ${delta}) WHERE "taskId" = ${taskId} AND "index" >= ${from}`
  await tx.$executeRaw`UPDATE "Segment" SET "index" = -"index" WHERE "taskId" = ${taskId} AND "index" < 0`
  await tx.$executeRaw`UPDATE "ReviewComment" SET "segmentIndex" = "segmentIndex" + ${delta} WHERE "taskId" = ${taskId} AND "segmentIndex" >= ${from}`
}

const ms = (time: string) => parseTime(time) ?? 0

/** Speakers of the merged cue: the first's, then the second's not already named (a dash dialogue has two). */
const speakersOf = (a: readonly string[], b: readonly string[]) => [...new Set([...a, ...b])]

/**
 * Splits a cue of the caller's task in two: the first part keeps the row and ends at `endTime`,
 * the second is a new row after it from `startTime` to the cue's end; the rows after it move one
 * down. Rules: the cue's start < `endTime` ≤ `startTime` < its end (40000 `cueTimesInvalid`); a
 * translated row needs both translated parts and an untranslated one takes none (40000
 * `invalidField`); `speakers`, when given, are labels the cue has (40000); each part is a
 * person's (`edited`) unless the first asks back the origin its text had, granted as for undo.
 * Answers both rows.
 */
export async function splitSegment({ userId, taskId, segmentId, body }: { userId: string; taskId: string; segmentId: number; body: SplitSegmentBody }): Promise<SegmentDto[]> {
  return db.$transaction(async (tx) => {
    await heldTask(tx, { userId, taskId })
    const row = await tx.segment.findUnique({ where: { taskId_index: { taskId, index: segmentId } } })
    if (!row) throw new AppError('not_found', 'segmentNotFound')
    const start = ms(row.startTime)
    const end = ms(row.endTime)
    const firstEnd = ms(body.endTime)
    const secondStart = ms(body.startTime)
    if (!(start < firstEnd && firstEnd <= secondStart && secondStart < end)) throw new AppError('bad_request', 'cueTimesInvalid')
    const isTranslated = row.translatedText !== null
    if (isTranslated !== (body.translatedText !== undefined)) throw new AppError('bad_request', 'invalidField', { field: 'translatedText' })
    if (body.speakers && body.speakers.flat().some((label) => !row.speakers.includes(label))) throw new AppError('bad_request', 'invalidField', { field: 'speakers' })
    const [firstText, secondText] = body.translatedText ?? [null, null]
    const claims = firstText !== null && body.translatedBy ? [{ id: segmentId, translatedText: firstText, translatedBy: body.translatedBy }] : []
    const origin = (await grantedOrigins(tx, taskId, claims)).get(segmentId)
    if (firstText !== null) await keepReplacedVersions(tx, taskId, [{ id: segmentId, translatedText: firstText }])
    await renumberFrom(tx, taskId, segmentId + 1, 1)
    const byPerson = isTranslated ? 'edited' : null
    const first = await tx.segment.update({
      where: { taskId_index: { taskId, index: segmentId } },
      data: {
        endTime: formatMs(firstEnd),
        durationMs: firstEnd - start,
        originalText: body.originalText[0],
        translatedText: firstText,
        translatedBy: origin?.translatedBy ?? byPerson,
        firstTranslation: origin?.firstTranslation ?? null,
        speakers: body.speakers?.[0] ?? row.speakers,
        editedAt: new Date(),
      },
    })
    const second = await tx.segment.create({
      data: {
        taskId,
        index: segmentId + 1,
        startTime: formatMs(secondStart),
        endTime: row.endTime,
        durationMs: end - secondStart,
        originalText: body.originalText[1],
        translatedText: secondText,
        translatedBy: byPerson,
        fit: row.fit,
        speakers: body.speakers?.[1] ?? row.speakers,
        editedAt: new Date(),
      },
    })
    return [toSegmentDto(first), toSegmentDto(second)]
  })
}

/**
 * Merges a cue of the caller's task with the next one: the row runs from its start to the next
 * cue's end with the texts given, its speakers both rows'; the next row goes and the rows after it
 * move one up. Rules: there must be a next row (40400 `segmentNotFound`); a translation is given
 * when either row has one, and none when neither has (40000 `invalidField`); the merged line is a
 * person's (`edited`) unless it asks back the origin its text had, granted as for undo (so undoing a
 * split gives the provider's line back as the provider's). Answers the merged row.
 */
export async function mergeSegments({ userId, taskId, segmentId, body }: { userId: string; taskId: string; segmentId: number; body: MergeSegmentsBody }): Promise<SegmentDto> {
  return db.$transaction(async (tx) => {
    await heldTask(tx, { userId, taskId })
    const [row, next] = await Promise.all([
      tx.segment.findUnique({ where: { taskId_index: { taskId, index: segmentId } } }),
      tx.segment.findUnique({ where: { taskId_index: { taskId, index: segmentId + 1 } } }),
    ])
    if (!row || !next) throw new AppError('not_found', 'segmentNotFound')
    const isTranslated = row.translatedText !== null || next.translatedText !== null
    if (isTranslated !== (body.translatedText !== undefined)) throw new AppError('bad_request', 'invalidField', { field: 'translatedText' })
    const start = ms(row.startTime)
    const end = Math.max(ms(next.endTime), ms(row.endTime))
    const text = body.translatedText ?? null
    const claims = text !== null && body.translatedBy ? [{ id: segmentId, translatedText: text, translatedBy: body.translatedBy }] : []
    const origin = (await grantedOrigins(tx, taskId, claims)).get(segmentId)
    if (text !== null) await keepReplacedVersions(tx, taskId, [{ id: segmentId, translatedText: text }])
    // The next row's comments stay with its line, now this one.
    await tx.$executeRaw`UPDATE "ReviewComment" SET "segmentIndex" = ${segmentId} WHERE "taskId" = ${taskId} AND "segmentIndex" = ${segmentId + 1}`
    await tx.segment.delete({ where: { taskId_index: { taskId, index: segmentId + 1 } } })
    await renumberFrom(tx, taskId, segmentId + 2, -1)
    const data: Prisma.SegmentUpdateInput = {
      endTime: formatMs(end),
      durationMs: end - start,
      originalText: body.originalText,
      translatedText: text,
      translatedBy: origin?.translatedBy ?? (text === null ? null : 'edited'),
      firstTranslation: origin?.firstTranslation ?? null,
      fit: row.fit ?? next.fit,
      speakers: speakersOf(row.speakers, next.speakers),
      editedAt: new Date(),
    }
    return toSegmentDto(await tx.segment.update({ where: { taskId_index: { taskId, index: segmentId } }, data }))
  })
}
