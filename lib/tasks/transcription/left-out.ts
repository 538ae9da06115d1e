import 'server-only'
import { z } from 'zod'
import { db, type Tx } from '@/lib/db'
import { AppError } from '@/lib/errors'
import { LEFT_OUT_REASONS, type LeftOutLine } from '@/lib/transcribe'
import { findOwnTask } from '../queries'

/** A line the provider answered that did not become a cue, as the editor lists it; `speaker`: who said it, when the provider labelled speakers. */
export const leftOutLineSchema = z.object({ id: z.string(), startMs: z.number().int(), endMs: z.number().int(), text: z.string(), reason: z.enum(LEFT_OUT_REASONS), speaker: z.string().nullable() })
export const leftOutListSchema = z.array(leftOutLineSchema)

const lineSchema = z.object({ startMs: z.number(), endMs: z.number(), text: z.string(), reason: z.enum(LEFT_OUT_REASONS), speaker: z.string().optional() })

/** The left-out lines of every chunk, in time order (a chunk's JSON that does not read is skipped). */
export function leftOutOfChunks(rows: readonly { leftOut: unknown }[]): LeftOutLine[] {
  return rows
    .flatMap((r) => (Array.isArray(r.leftOut) ? r.leftOut : []))
    .flatMap((line) => {
      const read = lineSchema.safeParse(line)
      return read.success ? [read.data] : []
    })
    .sort((a, b) => a.startMs - b.startMs)
}

/** Replaces a task's left-out lines (a run that stores its cues again stores them again). */
export async function saveLeftOut(tx: Tx, taskId: string, lines: readonly LeftOutLine[]): Promise<void> {
  await tx.leftOutLine.deleteMany({ where: { taskId } })
  if (lines.length === 0) return
  await tx.leftOutLine.createMany({ data: lines.map((l) => ({ taskId, startMs: Math.round(l.startMs), endMs: Math.round(Math.max(l.startMs, l.endMs)), text: l.text.slice(0, 2000), reason: l.reason, speaker: l.speaker ?? null })) })
}

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
