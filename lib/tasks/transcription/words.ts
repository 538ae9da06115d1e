import 'server-only'
import { z } from 'zod'
import { db } from '@/lib/db'
import { findOwnTask } from '../queries'

export const timedWordSchema = z.object({ text: z.string(), startMs: z.number().int(), endMs: z.number().int() })
export const taskWordsSchema = z.array(timedWordSchema)

/**
 * The words a transcription's recogniser heard, on the recording's timeline, in order: the
 * word-highlight style of a burned-in video colours each as it is spoken. Empty for a
 * task made from a subtitle file.
 */
export async function taskWords({ userId, taskId }: { userId: string; taskId: string }): Promise<z.infer<typeof taskWordsSchema>> {
  await findOwnTask({ userId, taskId })
  const chunks = await db.transcriptChunk.findMany({ where: { taskId }, orderBy: { index: 'asc' }, select: { words: true } })
  return taskWordsSchema.parse(chunks.flatMap((c) => (Array.isArray(c.words) ? c.words : [])).map((w) => {
    const word = w as { text?: unknown; startMs?: unknown; endMs?: unknown }
    return { text: String(word.text ?? ''), startMs: Math.round(Number(word.startMs) || 0), endMs: Math.round(Number(word.endMs) || 0) }
  }))
}
