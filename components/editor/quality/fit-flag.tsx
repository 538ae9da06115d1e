'use client'

import { useTranslations } from 'next-intl'
import type { TaskSegment } from '@/lib/client/tasks'

/**
 * The mark of a translation found too long for its cue when it was translated and still too long
 * now: not shortened (Google, MyMemory, the translation memory), or shortened once by DeepSeek and
 * still over. Gone once the line fits the editor's limits. An item of the row's flag list.
 */
export function FitFlag({ fit, isStillLong }: { fit: TaskSegment['fit']; isStillLong: boolean }) {
  const t = useTranslations('editor.fit')
  if (!isStillLong || (fit !== 'over' && fit !== 'over_shortened')) return null
  const isShortened = fit === 'over_shortened'
  return (
    <li title={isShortened ? t('overShortenedHint') : t('overHint')} className="rounded bg-warning-subtle px-1.5 py-px text-[11px] leading-4 font-medium text-warning" data-testid="fit-flag" data-fit={fit}>
      {isShortened ? t('overShortened') : t('over')}
      <span className="sr-only"> · {isShortened ? t('overShortenedHint') : t('overHint')}</span>
    </li>
  )
}
