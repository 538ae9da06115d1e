import 'server-only'
import { db } from '@/lib/db'
import { rememberCorrections, rememberTranslations, restoreMachineTranslations } from '@/lib/memory'
import { taskSourceLanguage } from './source-language'

// What a task keeps in its owner's translation memory. lib/tasks reads its own rows (Task,
// Segment) and hands lib/memory the lines; lib/memory never reads a task.

type Pair = { userId: string; sourceLanguage: string; targetLanguage: string }

/** The memory's language pair of a task, or null when the task is gone. */
async function pairOf(taskId: string): Promise<Pair | null> {
  const task = await db.task.findUnique({ where: { id: taskId }, select: { userId: true, originalLanguage: true, detectedLanguage: true, targetLanguage: true } })
  return task && { userId: task.userId, sourceLanguage: taskSourceLanguage(task), targetLanguage: task.targetLanguage }
}

/**
 * Remembers what a finished task keeps: every translated line, a person's edits as `edited`,
 * the rest as `machine` (lines reused from the memory are already in it).
 */
export async function rememberTask({ taskId }: { taskId: string }): Promise<number> {
  const pair = await pairOf(taskId)
  if (!pair) return 0
  const rows = await db.segment.findMany({ where: { taskId, translatedText: { not: null } }, select: { originalText: true, translatedText: true, translatedBy: true }, orderBy: { index: 'asc' } })
  return rememberTranslations({
    ...pair,
    items: rows.map((r) => ({ sourceText: r.originalText, targetText: r.translatedText ?? '', origin: r.translatedBy === 'edited' ? 'edited' : 'machine' })),
  })
}

/** Remembers a person's edits of a task's translations (the editor's saves). */
export async function rememberEdits({ taskId, indexes }: { taskId: string; indexes: readonly number[] }): Promise<number> {
  if (indexes.length === 0) return 0
  const pair = await pairOf(taskId)
  if (!pair) return 0
  const rows = await db.segment.findMany({ where: { taskId, index: { in: [...indexes] }, translatedBy: 'edited' }, select: { originalText: true, translatedText: true } })
  return rememberTranslations({ ...pair, items: rows.map((r) => ({ sourceText: r.originalText, targetText: r.translatedText ?? '', origin: 'edited' as const })) })
}

/** Takes back a person's edits an undo (or redo) replaced with a machine's translation again. */
export async function rememberRestored({ taskId, items }: { taskId: string; items: readonly { sourceText: string; undoneText: string; restoredText: string }[] }): Promise<number> {
  if (items.length === 0) return 0
  const pair = await pairOf(taskId)
  return pair ? restoreMachineTranslations({ ...pair, items }) : 0
}

/**
 * Remembers a review's correction of one segment (the editor's "review this segment"): it takes
 * the place of the machine's text the memory held for the line, as any kept translation would.
 */
export async function rememberCorrection({ taskId, index }: { taskId: string; index: number }): Promise<number> {
  const pair = await pairOf(taskId)
  if (!pair) return 0
  const row = await db.segment.findUnique({ where: { taskId_index: { taskId, index } }, select: { originalText: true, translatedText: true } })
  if (!row?.translatedText) return 0
  return rememberCorrections({ ...pair, items: [{ sourceText: row.originalText, targetText: row.translatedText }] })
}
