'use client'

import { useTranslations } from 'next-intl'
import { Alert } from '@/components/ui/alert'

/** Above the rows of a task the sandbox translated: its lines are placeholders, not translations, and the memory keeps none. */
export function SandboxNote() {
  const t = useTranslations('editor.sandbox')
  return (
    <div className="mx-4 mt-3 mb-1 md:mx-6" data-testid="sandbox-note">
      <Alert tone="warning" className="py-2">
        <p>{t('note')}</p>
      </Alert>
    </div>
  )
}
