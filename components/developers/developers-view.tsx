'use client'

import { useTranslations } from 'next-intl'
import { ViewSection } from '@/components/layout/view-section'
import { ApiKeysSection } from './api-keys-section'
import { WebhooksSection } from './webhooks-section'

/** The profile's developer page: API keys for scripts, and webhook endpoints that hear of tasks. */
export function DevelopersView() {
  const t = useTranslations('developers')
  return (
    <ViewSection id="developers-heading" title={t('title')} subtitle={t('subtitle')}>
      <ApiKeysSection />
      <WebhooksSection />
    </ViewSection>
  )
}
