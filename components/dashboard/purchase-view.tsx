'use client'

import { useTranslations } from 'next-intl'
import { EmptyState } from '@/components/ui/empty-state'

// Placeholder until its issue lands; keeps the dashboard complete and honest about what is missing.
export function PurchaseView(_props: Record<string, unknown>) {
  const t = useTranslations('dashboard')
  return <EmptyState title={t('comingSoon')} />
}
