import 'server-only'
import { db } from '@/lib/db'
import { AppError } from '@/lib/errors'
import { log } from '@/lib/log'
import { countReprice } from '@/lib/metrics'
import { LEDGER_TX_OPTIONS, releaseTaskPoints, reserveTaskRetryPoints } from '@/lib/points'
import { billedMinutes, coveredMs, transcriptionPrice, type KnownChunk, type PartEnd } from '@/lib/transcribe'

type PricedTask = { id: string; userId: string; audioDurationMs: number | null; withTranslation: boolean; review: boolean }

/**
 * Sets a transcription's price to what `durationMs` of sound costs, in one transaction: the open
 * reservation is released and the new price reserved as the next round of the ledger (so the
 * ledger shows both, and capture takes the new one once), the task's cost, review share and length
 * updated. Answers false, changing nothing, when the balance cannot pay the new price.
 */
export async function repriceTranscription(task: PricedTask, durationMs: number): Promise<boolean> {
  const { cost, reviewCost } = transcriptionPrice(durationMs, { translated: task.withTranslation, review: task.review })
  try {
    await db.$transaction(async (tx) => {
      await releaseTaskPoints({ taskId: task.id, tx })
      await reserveTaskRetryPoints({ userId: task.userId, taskId: task.id, amount: cost, tx })
      await tx.task.update({ where: { id: task.id }, data: { cost, reviewCost, audioDurationMs: durationMs } })
    }, LEDGER_TX_OPTIONS)
    return true
  } catch (error) {
    if (error instanceof AppError && error.code === 'insufficient_points') return false
    throw error
  }
}

/**
 * Keeps a transcription's price exact while its sound arrives (docs/billing.md). The task
 * was reserved for the length the browser declared; a chunk goes to the provider only while the
 * sound sent so far fits what that price covers (its billed minutes and the codec's padding). Rules:
 * - a chunk past it waits until every part has arrived: the length is then known, and the price is
 *   set to it (repriceTranscription) before any work on that sound; when the balance cannot pay, the
 *   sound past the paid minutes is refused (never sent, `audioRefusedMs`) and the price stays;
 * - a recording shorter than declared is repriced down once every part has arrived: the difference
 *   goes back before anything is charged;
 * - the length settled is the task's `audioDurationMs`, so a resumed run settles nothing twice.
 */
export function priceKeeper(task: PricedTask, { known, parts }: { known: KnownChunk[]; parts: number }) {
  const priced = task.audioDurationMs ?? 0
  let covered = coveredMs(billedMinutes(priced))
  // What the provider has already been paid to hear (a resumed run's transcribed chunks).
  let committed = known.filter((c) => c.words !== null).reduce((sum, c) => sum + (c.endMs - c.startMs), 0)
  const ends: PartEnd[] = []
  let settle: (total: number) => void
  const settled = new Promise<number>((resolve) => (settle = resolve))
  let refusedMs = 0

  return {
    /** Whether `chunk` may go to the provider now (it may wait for the whole recording to arrive). */
    async mayTranscribe(chunk: KnownChunk): Promise<boolean> {
      const length = chunk.endMs - chunk.startMs
      if (committed + length > covered) await settled
      if (committed + length > covered) {
        refusedMs += length
        return false
      }
      committed += length
      return true
    },
    /** A part's sound is final; once every part is, the price is set to their sum. */
    async partEnded(end: PartEnd): Promise<void> {
      ends.push(end)
      if (ends.length < parts) return
      const total = ends.reduce((sum, e) => sum + e.decodedMs, 0)
      if (total > 0 && billedMinutes(total) !== billedMinutes(priced)) {
        const isPaid = await repriceTranscription(task, total)
        countReprice(!isPaid ? 'refused' : total > priced ? 'up' : 'down')
        if (isPaid) covered = coveredMs(billedMinutes(total))
        else log.warn('transcribe.longer_than_paid', { taskId: task.id, declaredMs: priced, decodedMs: total })
      } else if (total > 0 && total !== priced) {
        await db.task.update({ where: { id: task.id }, data: { audioDurationMs: total } })
      }
      settle(total)
    },
    /** Sound refused so far (past what the balance could pay for). */
    refusedMs: () => refusedMs,
    /** Sound the provider was (or is being) paid to hear. */
    sentMs: () => committed,
  }
}
