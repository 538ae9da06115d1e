'use client'

import { useTranslations } from 'next-intl'
import { useEdition } from '@/lib/client/use-edition'

/** Business licence and ICP filing, shown on the China host and development hosts only. */
export function LicenceLine() {
  const t = useTranslations('footer')
  const edition = useEdition()
  if (!edition?.showLicenceLine) return null
  return (
    <p data-testid="licence-line" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-subtle">
      <span>{t('licence')}</span>
      <a href="https://beian.miit.gov.cn/" rel="noopener noreferrer" target="_blank" className="hover:text-muted">
        {t('icp')}
      </a>
    </p>
  )
}
