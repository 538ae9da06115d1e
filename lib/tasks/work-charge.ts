import 'server-only'
import type { Tx } from '@/lib/db'
import { settleTaskPoints } from '@/lib/points'
import { POINTS_PER_MINUTE, REVIEW_POINTS_PER_MINUTE } from '@/lib/pricing'
import { billedMinutes, POINTS_PER_MINUTE_REVIEWED, POINTS_PER_MINUTE_TRANSCRIBED, POINTS_PER_MINUTE_TRANSLATED } from '@/lib/transcribe'
import { TRANSCRIBING } from './pipeline/stage'

type ChargedTask = { id: string; kind: string; stage: string | null; cost: number; reviewCost: number; withTranslation: boolean; review: boolean }
type CueText = { text?: unknown; translatedText?: unknown }

/** Started minutes of `ms` of sound, none for none (a partial charge has no one-minute floor). */
const startedMinutes = (ms: number) => (ms > 0 ? billedMinutes(ms) : 0)

/** `minutes` × done / total, rounded up to a whole started minute, in integers. */
const shareOfMinutes = (minutes: number, done: number, total: number) => (total > 0 && done > 0 ? Math.ceil((minutes * done) / total) : 0)

/** Characters of the task's rows and of those translated: the share of the text a provider translated. */
async function translatedCharacters(tx: Tx, taskId: string): Promise<{ done: number; total: number }> {
  const [row] = await tx.$queryRaw<{ done: bigint | null; total: bigint | null }[]>`
    SELECT sum(char_length("originalText")) FILTER (WHERE "translatedText" IS NOT NULL) AS "done", sum(char_length("originalText")) AS "total"
    FROM "Segment" WHERE "taskId" = ${taskId}`
  return { done: Number(row?.done ?? 0), total: Number(row?.total ?? 0) }
}

/**
 * What the work already done on an unfinished task costs, by the price rules (docs/billing.md,
 * "Deleted or failed"): what a provider was paid for is charged, only what was never sent is not.
 * - a recording: 10 points per started minute of the sound sent to the speech provider, and with a
 *   target language 10 (+5 with the review) per started minute of the sound whose lines were
 *   translated (each chunk counted by the share of its text translated);
 * - a subtitle file: its price per minute (10, +5 with the review) for the started minutes of its
 *   billed length in proportion to the characters translated.
 */
export async function chargeForWorkDone(tx: Tx, task: ChargedTask): Promise<number> {
  if (task.kind === 'transcription') return transcriptionCharge(tx, task)
  const perMinute = POINTS_PER_MINUTE + (task.reviewCost > 0 ? REVIEW_POINTS_PER_MINUTE : 0)
  const minutes = Math.round((task.cost - task.reviewCost) / POINTS_PER_MINUTE)
  const { done, total } = await translatedCharacters(tx, task.id)
  return perMinute * shareOfMinutes(minutes, done, total)
}

async function transcriptionCharge(tx: Tx, task: ChargedTask): Promise<number> {
  const chunks = await tx.transcriptChunk.findMany({ where: { taskId: task.id }, select: { startMs: true, endMs: true, sentAt: true, words: true, cues: true } })
  // A chunk with words was heard even when it was sent before its sending was recorded.
  const sent = chunks.filter((c) => c.sentAt !== null || c.words !== null)
  const heardMs = sent.reduce((sum, c) => sum + (c.endMs - c.startMs), 0)
  const transcribed = POINTS_PER_MINUTE_TRANSCRIBED * startedMinutes(heardMs)
  if (!task.withTranslation) return transcribed
  const perMinute = POINTS_PER_MINUTE_TRANSLATED + (task.review ? POINTS_PER_MINUTE_REVIEWED : 0)
  if (task.stage !== TRANSCRIBING) {
    // The cues are the task's rows now: the share of their text translated, over all the sound heard.
    const { done, total } = await translatedCharacters(tx, task.id)
    return transcribed + perMinute * shareOfMinutes(startedMinutes(heardMs), done, total)
  }
  let translatedMs = 0
  for (const chunk of sent) {
    const cues = Array.isArray(chunk.cues) ? (chunk.cues as CueText[]) : []
    const chars = (c: CueText) => (typeof c.text === 'string' ? c.text.length : 0)
    const total = cues.reduce((sum, c) => sum + chars(c), 0)
    const done = cues.reduce((sum, c) => sum + (typeof c.translatedText === 'string' ? chars(c) : 0), 0)
    if (total > 0) translatedMs += ((chunk.endMs - chunk.startMs) * done) / total
  }
  return transcribed + perMinute * Math.min(startedMinutes(heardMs), startedMinutes(Math.round(translatedMs)))
}

/**
 * Closes the reservation of a task that ends unfinished (failed or deleted): keeps what its work
 * done costs (chargeForWorkDone) and releases the rest, in the caller's transaction (the ledger's
 * release key makes it once per round).
 */
export async function settleUnfinishedTask({ taskId, tx }: { taskId: string; tx: Tx }): Promise<{ kept: number; released: number }> {
  const task = await tx.task.findUnique({ where: { id: taskId }, select: { id: true, kind: true, stage: true, cost: true, reviewCost: true, withTranslation: true, review: true } })
  if (!task) return { kept: 0, released: 0 }
  return settleTaskPoints({ taskId, charge: await chargeForWorkDone(tx, task), tx })
}
