import 'server-only'
import { z } from 'zod'
import { MIN_GAP_MS, snapCuesToSpeech, type Span } from '@/lib/captions'
import { db } from '@/lib/db'
import { AppError } from '@/lib/errors'
import type { StorageDriver } from '@/lib/storage'
import { formatMs, parseTime } from '@/lib/subtitles/time'
import { toSegmentDto, type SegmentDto } from '../dto'
import { findOwnTask } from '../queries'
import { MAX_BULK_SEGMENTS } from '../schemas'
import { segmentSchema } from '../contract'
import { appStorage } from '../storage'
import { taskSpeech } from './speech'

/** `POST /api/tasks/{id}/segments/snap`: the cues to time to the speech they cover. */
export const snapSegmentsBody = z.object({
  ids: z
    .array(z.number({ error: 'invalidField' }).int().min(1).max(999_999_999))
    .min(1, 'invalidField')
    .max(MAX_BULK_SEGMENTS, 'invalidField')
    .refine((ids) => new Set(ids).size === ids.length, 'invalidField'),
})
export const snapAnswerSchema = z.object({ segments: z.array(segmentSchema), silentIds: z.array(z.number().int()) })

const spokenLanguage = (task: { detectedLanguage: string; originalLanguage: string }) => [task.detectedLanguage, task.originalLanguage].find((l) => l && l !== 'auto') ?? 'en'

/**
 * Moves the listed cues of the caller's transcription onto the speech they cover, with the code the
 * job times its cues with (lib/captions/speech.ts): each start to its speech's onset, each end to
 * its offset, within 5 s, never across another cue. Answers the listed segments and the ids of those
 * covering no speech (left as they were). Rules: not while the task translates (40900); every id
 * must exist (40400); a task without a recording is a 40000.
 */
export async function snapSegments({ userId, taskId, ids, storage = appStorage() }: { userId: string; taskId: string; ids: number[]; storage?: StorageDriver }): Promise<z.infer<typeof snapAnswerSchema>> {
  const task = await findOwnTask({ userId, taskId })
  if (task.status === 'translating') throw new AppError('conflict', 'taskBusy')
  const spans = await taskSpeech({ userId, taskId, storage })
  const rows = await db.segment.findMany({ where: { taskId }, orderBy: { index: 'asc' }, select: { index: true, startTime: true, endTime: true, originalText: true } })
  const position = new Map(rows.map((r, i) => [r.index, i]))
  if (ids.some((id) => !position.has(id))) throw new AppError('not_found', 'segmentNotFound')
  const cues = rows.map((r) => ({ id: r.index, startMs: parseTime(r.startTime) ?? 0, endMs: parseTime(r.endTime) ?? 0, text: r.originalText }))
  const { cues: snapped, silent } = snapCuesToSpeech(cues, spans, spokenLanguage(task), new Set(ids.map((id) => position.get(id)!)))
  const moved = snapped.filter((c, i) => c.startMs !== cues[i].startMs || c.endMs !== cues[i].endMs)
  if (moved.length > 0) {
    const changed = await db.$executeRaw`
      UPDATE "Segment" AS s SET "startTime" = v.st, "endTime" = v.et, "durationMs" = v.d, "editedAt" = now()
      FROM unnest(${moved.map((m) => m.id)}::int[], ${moved.map((m) => formatMs(m.startMs))}::text[], ${moved.map((m) => formatMs(m.endMs))}::text[], ${moved.map((m) => m.endMs - m.startMs)}::int[]) AS v(i, st, et, d)
      WHERE s."taskId" = ${taskId} AND s."index" = v.i
        AND NOT EXISTS (SELECT 1 FROM "Task" WHERE "id" = ${taskId} AND "status" = 'translating')`
    if (changed === 0) throw new AppError('conflict', 'taskBusy')
  }
  const updated = await db.segment.findMany({ where: { taskId, index: { in: ids } }, orderBy: { index: 'asc' } })
  return { segments: updated.map(toSegmentDto), silentIds: silent.map((i) => cues[i].id) }
}

/** Where a restored line goes: its own time, moved onto speech when some is near, kept off its neighbours when there is room. */
function placeLine(line: { startMs: number; endMs: number; text: string }, before: { startMs: number; endMs: number; text: string } | undefined, after: typeof before, spans: readonly Span[], language: string) {
  const around = [before, line, after].filter((c): c is NonNullable<typeof c> => c !== undefined)
  const at = around.indexOf(line)
  const cue = snapCuesToSpeech(around, spans, language, new Set([at])).cues[at]
  const startMs = Math.max(cue.startMs, before ? before.endMs + MIN_GAP_MS : 0)
  const endMs = Math.min(cue.endMs, after ? after.startMs - MIN_GAP_MS : Infinity)
  // No room between the neighbours: the line keeps the time it was heard at.
  return endMs - startMs >= 200 ? { startMs, endMs } : { startMs: line.startMs, endMs: Math.max(line.startMs, line.endMs) }
}

/**
 * Restores a left-out line of the caller's transcription as a cue: placed among the cues by its
 * time (placeLine), the cues after it renumbered, the line gone from the list, in one transaction
 * holding the task's row. A transcript's cue is its own translation; a translated task's new cue
 * waits for its translation (the editor asks for it). Rules: not while the task translates
 * (40900); a line already restored or not the task's is a 40400. A line that was labelled keeps
 * its speaker.
 */
export async function restoreLeftOut({ userId, taskId, lineId, storage = appStorage() }: { userId: string; taskId: string; lineId: string; storage?: StorageDriver }): Promise<SegmentDto> {
  const task = await findOwnTask({ userId, taskId })
  if (task.status === 'translating') throw new AppError('conflict', 'taskBusy')
  const spans = await taskSpeech({ userId, taskId, storage }).catch((error: unknown) => {
    if (error instanceof AppError && error.messageKey === 'noRecording') return []
    throw error
  })
  return db.$transaction(async (tx) => {
    const [held] = await tx.$queryRaw<{ status: string }[]>`SELECT "status"::text AS status FROM "Task" WHERE "id" = ${taskId} FOR UPDATE`
    if (held?.status === 'translating') throw new AppError('conflict', 'taskBusy')
    const line = await tx.leftOutLine.findFirst({ where: { id: lineId, taskId } })
    if (!line) throw new AppError('not_found', 'leftOutNotFound')
    const rows = await tx.segment.findMany({ where: { taskId }, orderBy: { index: 'asc' }, select: { index: true, startTime: true, endTime: true, originalText: true } })
    const cues = rows.map((r) => ({ index: r.index, startMs: parseTime(r.startTime) ?? 0, endMs: parseTime(r.endTime) ?? 0, text: r.originalText }))
    const next = cues.findIndex((c) => c.startMs > line.startMs)
    const index = next >= 0 ? cues[next].index : (cues.at(-1)?.index ?? 0) + 1
    const place = placeLine(line, next > 0 ? cues[next - 1] : next < 0 ? cues.at(-1) : undefined, next >= 0 ? cues[next] : undefined, spans, spokenLanguage(task))
    // Two steps, so no row ever takes an index another still holds.
    await tx.$executeRaw`UPDATE "Segment" SET "index" = -"index" - 1 WHERE "taskId" = ${taskId} AND "index" >= ${index}`
    await tx.$executeRaw`UPDATE "Segment" SET "index" = -"index" WHERE "taskId" = ${taskId} AND "index" < 0`
    const transcript = !task.withTranslation
    const segment = await tx.segment.create({
      data: {
        taskId,
        index,
        startTime: formatMs(place.startMs),
        endTime: formatMs(place.endMs),
        durationMs: place.endMs - place.startMs,
        originalText: line.text,
        speakers: line.speaker ? [line.speaker] : [],
        translatedText: transcript ? line.text : null,
        translatedBy: transcript ? 'speech' : null,
        editedAt: new Date(),
      },
    })
    await tx.leftOutLine.delete({ where: { id: line.id } })
    return toSegmentDto(segment)
  })
}
