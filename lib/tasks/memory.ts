import 'server-only'
import { db } from '@/lib/db'
import { sandboxTranslators } from '@/lib/features'
import { forgetUndoneEdits, rememberCorrections, rememberTranslations, restoreMachineTranslations } from '@/lib/memory'
import { taskSourceLanguage } from './source-language'

// What a task keeps in its owner's translation memory. lib/tasks reads its own rows (Task,
// Segment) and hands lib/memory the lines; lib/memory never reads a task.

// A task translated by the sandbox (fakes/sandbox.ts) holds placeholders (`[ja] …`), not
// translations: none of its machine lines is kept, so none is reused by a later task; a person's
// edits of it are theirs and are kept.

type Pair = { userId: string; sourceLanguage: string; targetLanguage: string }

/** The memory's language pair of a task and whether the sandbox translated it, or null when the task is gone. */
async function pairOf(taskId: string): Promise<(Pair & { sandbox: boolean }) | null> {
  const task = await db.task.findUnique({ where: { id: taskId }, select: { userId: true, originalLanguage: true, detectedLanguage: true, targetLanguage: true, translationService: true } })
  if (!task) return null
  const sandbox = sandboxTranslators().includes(task.translationService)
  return { userId: task.userId, sourceLanguage: taskSourceLanguage(task), targetLanguage: task.targetLanguage, sandbox }
}

/**
 * Remembers what a finished task keeps: every translated line, a person's edits as `edited`,
 * the rest as `machine` (lines reused from the memory are already in it).
 */
export async function rememberTask({ taskId }: { taskId: string }): Promise<number> {
  const found = await pairOf(taskId)
  if (!found) return 0
  const { sandbox, ...pair } = found
  const rows = await db.segment.findMany({
    where: { taskId, translatedText: { not: null }, ...(sandbox ? { translatedBy: 'edited' } : {}) },
    select: { originalText: true, translatedText: true, translatedBy: true },
    orderBy: { index: 'asc' },
  })
  return rememberTranslations({
    ...pair,
    items: rows.map((r) => ({ sourceText: r.originalText, targetText: r.translatedText ?? '', origin: r.translatedBy === 'edited' ? 'edited' : 'machine' })),
  })
}

/** Remembers a person's edits of a task's translations (the editor's saves). */
export async function rememberEdits({ taskId, indexes }: { taskId: string; indexes: readonly number[] }): Promise<number> {
  if (indexes.length === 0) return 0
  const found = await pairOf(taskId)
  if (!found) return 0
  const { sandbox: _sandbox, ...pair } = found
  const rows = await db.segment.findMany({ where: { taskId, index: { in: [...indexes] }, translatedBy: 'edited' }, select: { originalText: true, translatedText: true } })
  return rememberTranslations({ ...pair, items: rows.map((r) => ({ sourceText: r.originalText, targetText: r.translatedText ?? '', origin: 'edited' as const })) })
}

/** Takes back a person's edits an undo (or redo) replaced with a machine's translation again (a sandbox placeholder: the entry goes). */
export async function rememberRestored({ taskId, items }: { taskId: string; items: readonly { sourceText: string; undoneText: string; restoredText: string }[] }): Promise<number> {
  if (items.length === 0) return 0
  const found = await pairOf(taskId)
  if (!found) return 0
  const { sandbox, ...pair } = found
  return sandbox ? forgetUndoneEdits({ ...pair, items }) : restoreMachineTranslations({ ...pair, items })
}

/**
 * Remembers a review's correction of one segment (the editor's "review this segment"): it takes
 * the place of the machine's text the memory held for the line, as any kept translation would.
 */
export async function rememberCorrection({ taskId, index }: { taskId: string; index: number }): Promise<number> {
  const found = await pairOf(taskId)
  if (!found || found.sandbox) return 0
  const { sandbox: _sandbox, ...pair } = found
  const row = await db.segment.findUnique({ where: { taskId_index: { taskId, index } }, select: { originalText: true, translatedText: true } })
  if (!row?.translatedText) return 0
  return rememberCorrections({ ...pair, items: [{ sourceText: row.originalText, targetText: row.translatedText }] })
}
