import 'server-only'
import { db } from '@/lib/db'
import { AppError } from '@/lib/errors'
import { glossaryTermsFor } from '@/lib/glossary/terms'
import { MAX_CUE_CHARS } from '@/lib/pricing'
import { charsSent, clipContextLine, glossaryBudget, glossaryForBatch, reviewTranslations, type RetryPolicy, type TranslateProvider } from '@/lib/translate'
import { chargeFreeTranslation } from '@/lib/translate/free-usage'
import { providerFor } from '@/lib/translate/service'
import type { SegmentReviewDto } from './contract'
import { toSegmentDto } from './dto'
import { rememberCorrection } from './memory'
import { findOwnTask } from './queries'

/** Cues on each side of the segment sent along as context, as for a retranslation. */
const CONTEXT_SIZE = 3

/**
 * The editor's "review this segment": DeepSeek looks again at one segment's translation, with three
 * cues on each side (their translations too) and the task's glossary, and the correction it makes,
 * if any, replaces the translation, the first one kept (`firstTranslation`, the first version ever:
 * a second review keeps the one before the first). Rules: DeepSeek tasks only (40000); not while
 * the task translates (40900); a segment without a translation is a 40000; free of points but
 * counted with the free translate calls by every character it sends, the neighbours clipped to
 * `CONTEXT_LINE_CHARS` each, like a retranslation (docs/billing.md; 42900 past them);
 * a review the provider cannot answer is a 50200 and changes nothing.
 */
export async function reviewSegment({
  userId,
  taskId,
  segmentId,
  provider,
  retry,
}: {
  userId: string
  taskId: string
  segmentId: number
  provider?: TranslateProvider
  retry?: Partial<RetryPolicy>
}): Promise<SegmentReviewDto> {
  const task = await findOwnTask({ userId, taskId })
  if (task.translationService !== 'deepseek') throw new AppError('bad_request', 'reviewNeedsDeepseek')
  if (task.status === 'translating') throw new AppError('conflict', 'taskBusy')
  const rows = await db.segment.findMany({
    where: { taskId, index: { gte: segmentId - CONTEXT_SIZE, lte: segmentId + CONTEXT_SIZE } },
    orderBy: { index: 'asc' },
    select: { index: true, originalText: true, translatedText: true },
  })
  const segment = rows.find((r) => r.index === segmentId)
  if (!segment) throw new AppError('not_found', 'segmentNotFound')
  const translation = segment.translatedText
  if (!translation?.trim() || !segment.originalText.trim()) throw new AppError('bad_request', 'segmentNotTranslated')
  if (segment.originalText.length > MAX_CUE_CHARS) throw new AppError('bad_request', 'segmentTooLong', { max: MAX_CUE_CHARS })
  const reviewer = provider ?? providerFor(task.translationService)
  const lines = [{ id: segmentId, text: segment.originalText, translation }]
  const near = rows.filter((r) => r.index !== segmentId && r.originalText.trim() !== '')
  // Neighbours are clipped (a 2,000-character cue is context, not the point), and the allowance
  // counts every character sent: the line, its translation, the context and the glossary.
  const context = {
    before: near
      .filter((r) => r.index < segmentId)
      .map((r) => clipContextLine(r.translatedText ? { id: r.index, text: r.originalText, translation: r.translatedText } : { id: r.index, text: r.originalText }, 'before')),
    after: near.filter((r) => r.index > segmentId).map((r) => clipContextLine({ id: r.index, text: r.originalText }, 'after')),
  }
  const glossary = glossaryForBatch(await glossaryTermsFor({ userId, targetLanguage: task.targetLanguage, sourceLanguage: task.originalLanguage }), lines, glossaryBudget(reviewer.batchTokens))
  await chargeFreeTranslation({ userId, chars: charsSent({ lines, context, glossary }) })

  const corrections = await reviewTranslations({
    provider: reviewer,
    lines,
    context,
    glossary,
    sourceLanguage: task.originalLanguage,
    targetLanguage: task.targetLanguage,
    retry,
  })
  if (corrections === null) throw new AppError('upstream_failed', 'reviewFailed')
  const corrected = corrections.get(segmentId)
  if (corrected === undefined) return { segment: toSegmentDto(await db.segment.findUniqueOrThrow({ where: { taskId_index: { taskId, index: segmentId } } })), corrected: false }
  await db.$executeRaw`
    UPDATE "Segment" SET "firstTranslation" = COALESCE("firstTranslation", "translatedText"), "translatedText" = ${corrected}, "translatedBy" = ${reviewer.name}, "editedAt" = now()
    WHERE "taskId" = ${taskId} AND "index" = ${segmentId}`
  // The corrected line is what the memory offers the next task with it, not the one before.
  await rememberCorrection({ taskId, index: segmentId })
  return { segment: toSegmentDto(await db.segment.findUniqueOrThrow({ where: { taskId_index: { taskId, index: segmentId } } })), corrected: true }
}
