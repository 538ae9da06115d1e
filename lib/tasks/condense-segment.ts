import 'server-only'
import { db } from '@/lib/db'
import { AppError } from '@/lib/errors'
import { glossaryTermsFor } from '@/lib/glossary/terms'
import { charsSent, condenseTranslations, glossaryBudget, glossaryForBatch, type RetryPolicy, type TranslateProvider } from '@/lib/translate'
import { chargeFreeTranslation } from '@/lib/translate/free-usage'
import { providerFor } from '@/lib/translate/service'
import { findOwnTask } from './queries'

/**
 * The editor's offer to condense a line that reads too fast with no more time to take: the task's
 * provider (DeepSeek) asked for a shorter version of the translation as shown (`translation`, the
 * person's draft included; else the stored one) within `maxChars`, with the task's glossary, as the
 * fit stage asks it. Answers the suggestion; nothing is written (the person saves it, one undo
 * step). Rules: a provider that can shorten only (40000 `condenseNeedsDeepseek`); not while the task
 * translates (40900); a row without text or translation is a 40000; free of points but counted
 * with the free translate calls by every character sent (docs/billing.md; 42900 past them); an
 * answer the provider cannot give is a 50200 `condenseFailed`.
 */
export async function condenseSegment({
  userId,
  taskId,
  segmentId,
  maxChars,
  translation,
  provider,
  retry,
}: {
  userId: string
  taskId: string
  segmentId: number
  maxChars: number
  translation?: string
  provider?: TranslateProvider
  retry?: Partial<RetryPolicy>
}): Promise<{ text: string }> {
  const task = await findOwnTask({ userId, taskId })
  if (task.translationService !== 'deepseek') throw new AppError('bad_request', 'condenseNeedsDeepseek')
  const shortener = provider ?? providerFor(task.translationService)
  if (!shortener.condenseBatch) throw new AppError('bad_request', 'condenseNeedsDeepseek')
  if (task.status === 'translating') throw new AppError('conflict', 'taskBusy')
  const segment = await db.segment.findUnique({ where: { taskId_index: { taskId, index: segmentId } }, select: { originalText: true, translatedText: true } })
  if (!segment) throw new AppError('not_found', 'segmentNotFound')
  const text = translation ?? segment.translatedText
  if (!text?.trim() || !segment.originalText.trim()) throw new AppError('bad_request', 'segmentNotTranslated')
  const lines = [{ id: segmentId, text: segment.originalText, translation: text, maxChars }]
  const glossary = glossaryForBatch(await glossaryTermsFor({ userId, targetLanguage: task.targetLanguage, sourceLanguage: task.originalLanguage }), lines, glossaryBudget(shortener.batchTokens))
  await chargeFreeTranslation({ userId, chars: charsSent({ lines, glossary }) })
  let answer: string | null = null
  await condenseTranslations({
    provider: shortener,
    lines,
    glossary,
    sourceLanguage: task.originalLanguage,
    targetLanguage: task.targetLanguage,
    retry,
    onBatchDone: (_, answered) => {
      answer = answered?.get(segmentId) ?? null
    },
  })
  if (answer === null) throw new AppError('upstream_failed', 'condenseFailed')
  return { text: answer }
}
