import 'server-only'
import { db } from '@/lib/db'
import { AppError } from '@/lib/errors'
import { glossaryTermsFor } from '@/lib/glossary/terms'
import { log } from '@/lib/log'
import { ProviderError, reviewCues, reviewerFor, type Correction, type Reviewer } from '@/lib/translate'
import { chargeFreeTranslation } from '@/lib/translate/free-usage'
import { toSegmentDto, type SegmentDto } from './dto'
import { findOwnTask } from './queries'

/**
 * The review pass on chosen segments of a DeepSeek task (the editor's "Review selected"). Rules:
 * not while the task translates (40900); a task of another service has no reviewer (40000); every
 * id must exist (40400); free of points but counted with the free translate calls, like a
 * retranslation; a provider failure is a 50200 and changes nothing; a corrected line keeps its
 * earliest first version and becomes DeepSeek's again.
 * Answers the segments asked for, corrected or not.
 */
export async function reviewSegments({ userId, taskId, ids, reviewer }: { userId: string; taskId: string; ids: number[]; reviewer?: Reviewer }): Promise<SegmentDto[]> {
  const task = await findOwnTask({ userId, taskId })
  if (task.status === 'translating') throw new AppError('conflict', 'taskBusy')
  const chosen = reviewer ?? reviewerFor(task.translationService)
  if (!chosen) throw new AppError('bad_request', 'reviewUnavailable')
  const wanted = [...new Set(ids)]
  const rows = await db.segment.findMany({ where: { taskId, index: { in: wanted } }, orderBy: { index: 'asc' }, select: { index: true, originalText: true, translatedText: true } })
  if (rows.length !== wanted.length) throw new AppError('not_found', 'segmentNotFound')
  const cues = rows.filter((r) => r.originalText.trim() !== '' && (r.translatedText ?? '').trim() !== '').map((r) => ({ id: r.index, text: r.originalText, translation: r.translatedText ?? '' }))
  if (cues.length > 0) {
    await chargeFreeTranslation({ userId, chars: cues.reduce((sum, c) => sum + c.text.length + c.translation.length, 0) })
    const glossary = await glossaryTermsFor({ userId, targetLanguage: task.targetLanguage, sourceLanguage: task.originalLanguage })
    let corrections: Correction[]
    try {
      corrections = await reviewCues({ reviewer: chosen, cues, glossary, targetLanguage: task.targetLanguage, concurrency: 2, isStrict: true })
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error
      log.warn('tasks.review_failed', { taskId, ids: wanted.slice(0, 20), error })
      throw new AppError('upstream_failed', 'reviewFailed')
    }
    if (corrections.length > 0) {
      await db.$executeRaw`
        UPDATE "Segment" AS s SET "firstVersion" = COALESCE(s."firstVersion", s."translatedText"), "translatedText" = v.t, "translatedBy" = 'deepseek', "editedAt" = now()
        FROM unnest(${corrections.map((c) => c.id)}::int[], ${corrections.map((c) => c.translatedText)}::text[], ${corrections.map((c) => c.firstVersion)}::text[]) AS v(i, t, f)
        WHERE s."taskId" = ${taskId} AND s."index" = v.i AND s."translatedText" = v.f`
    }
  }
  const updated = await db.segment.findMany({ where: { taskId, index: { in: wanted } }, orderBy: { index: 'asc' } })
  return updated.map(toSegmentDto)
}
