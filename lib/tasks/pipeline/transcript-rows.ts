import 'server-only'
import type { Prisma } from '@prisma/client'
import { z } from 'zod'
import type { Span } from '@/lib/captions'
import type { Tx } from '@/lib/db'
import { LEFT_OUT_REASONS, type LeftOutLine } from '@/lib/transcribe'

// What the transcribe stage stores beside a transcript's segments: where its recording holds speech
// and the lines the provider answered that did not become cues (the editor reads both through
// lib/tasks/transcription).

/** Spans as the API answers them and the table keeps them: `[startMs, endMs]` pairs. */
export const speechPairs = (spans: readonly Span[]) => spans.map((s) => [Math.round(s.startMs), Math.round(s.endMs)])

/** Stores where a transcription's recording holds speech (as pairs: a 3-hour talk is some 100 KB). */
export async function saveSpeech(tx: Tx, taskId: string, spans: readonly Span[]): Promise<void> {
  const value = speechPairs(spans) as unknown as Prisma.InputJsonValue
  await tx.taskSpeech.upsert({ where: { taskId }, create: { taskId, spans: value }, update: { spans: value } })
}

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
