'use client'

import { useTranslations } from 'next-intl'
import { useLanguageName } from './language-name'
import { Skeleton } from '@/components/ui/skeleton'
import { estimatedSeconds, pointsToMinutes } from '@/lib/client/task-helpers'
import type { Estimate } from '@/lib/client/tasks'
import { Stat } from './upload-fields'

/** What the server found in the file: language, segments, cost in points (and minutes), time. */
export function UploadEstimate({ estimate }: { estimate: Estimate | null }) {
  const t = useTranslations('upload.estimate')
  const languageName = useLanguageName()
  if (!estimate) {
    return (
      <div className="grid grid-cols-2 gap-4 rounded-lg border border-border px-4 py-3 sm:flex sm:justify-between sm:gap-6" role="status" aria-label={t('loading')}>
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="space-y-1.5">
            <Skeleton className="h-3 w-14" />
            <Skeleton className="h-4 w-20" />
          </div>
        ))}
      </div>
    )
  }
  return (
    <div className="space-y-1.5">
      <dl className="grid grid-cols-2 gap-4 rounded-lg border border-border px-4 py-3 sm:flex sm:justify-between sm:gap-6" data-testid="upload-estimate">
        <Stat label={t('detected')} testId="estimate-language">
          {languageName(estimate.detectedLanguage)}
        </Stat>
        <Stat label={t('segments')} testId="estimate-segments">
          {estimate.segments}
        </Stat>
        <Stat label={t('cost')} testId="estimate-cost">
          {t('costValue', { points: estimate.cost, minutes: pointsToMinutes(estimate.cost) })}
        </Stat>
        <Stat label={t('time')} testId="estimate-time">
          {t('timeValue', { seconds: estimatedSeconds(estimate.estimatedMs) })}
        </Stat>
      </dl>
      <p className="text-xs text-subtle" data-testid="estimate-priced-by" data-priced-by={estimate.pricedBy}>
        {estimate.pricedBy === 'reading' ? t('pricedByReading') : t('pricedByDuration')}
      </p>
    </div>
  )
}
