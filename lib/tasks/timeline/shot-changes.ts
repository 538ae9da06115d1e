import 'server-only'
import type { z } from 'zod'
import { db } from '@/lib/db'
import { findOwnTask } from '../queries'
import type { putShotChangesBody, shotChangesAnswerSchema } from './schemas'

type ShotChangesAnswer = z.infer<typeof shotChangesAnswerSchema>

const toAnswer = (row: { cutsMs: number[]; frameRate: number | null; durationMs: number | null; updatedAt: Date } | null): ShotChangesAnswer => ({
  shotChanges: row ? { cutsMs: row.cutsMs, frameRate: row.frameRate, durationMs: row.durationMs, updatedAt: row.updatedAt.toISOString() } : null,
})

/** The shot changes stored with the caller's task; null before a browser found any. 40400 for a task not the caller's. */
export async function taskShotChanges({ userId, taskId }: { userId: string; taskId: string }): Promise<ShotChangesAnswer> {
  await findOwnTask({ userId, taskId })
  return toAnswer(await db.taskShotChanges.findUnique({ where: { taskId } }))
}

/** Stores the shot changes a browser found in the task's video, in place of any stored before. 40400 for a task not the caller's. */
export async function saveShotChanges({ userId, taskId, body }: { userId: string; taskId: string; body: z.infer<typeof putShotChangesBody> }): Promise<ShotChangesAnswer> {
  await findOwnTask({ userId, taskId })
  const values = { cutsMs: body.cutsMs, frameRate: body.frameRate ?? null, durationMs: body.durationMs ?? null }
  return toAnswer(await db.taskShotChanges.upsert({ where: { taskId }, create: { taskId, ...values }, update: values }))
}
