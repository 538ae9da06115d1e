import 'server-only'
import { z } from 'zod'
import { db } from '@/lib/db'
import { AppError } from '@/lib/errors'
import { LEFT_OUT_REASONS } from '@/lib/transcribe'
import { findOwnTask } from '../queries'

/** A line the provider answered that did not become a cue, as the editor lists it; `speaker`: who said it, when the provider labelled speakers. */
export const leftOutLineSchema = z.object({ id: z.string(), startMs: z.number().int(), endMs: z.number().int(), text: z.string(), reason: z.enum(LEFT_OUT_REASONS), speaker: z.string().nullable() })
export const leftOutListSchema = z.array(leftOutLineSchema)

/** The left-out lines of the caller's task, in time order. */
export async function listLeftOut({ userId, taskId }: { userId: string; taskId: string }): Promise<z.infer<typeof leftOutListSchema>> {
  await findOwnTask({ userId, taskId })
  const rows = await db.leftOutLine.findMany({ where: { taskId }, orderBy: [{ startMs: 'asc' }, { id: 'asc' }] })
  return leftOutListSchema.parse(rows.map(({ id, startMs, endMs, text, reason, speaker }) => ({ id, startMs, endMs, text, reason, speaker })))
}

/** A left-out line's id as the path gives it (a cuid); anything else names no line (40400). */
export function parseLeftOutId(value: string | undefined): string {
  if (!/^[a-z0-9]{20,40}$/.test(value ?? '')) throw new AppError('not_found', 'leftOutNotFound')
  return value as string
}
