'use client'

import { useTranslations } from 'next-intl'
import { EmptyState } from '@/components/ui/empty-state'

// Placeholder: the accounts issue replaces it with the user management table.
export function UsersView(_props: { currentUserId: string }) {
  const t = useTranslations('dashboard')
  return <EmptyState title={t('comingSoon')} />
}
