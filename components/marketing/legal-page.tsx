import type { ReactNode } from 'react'
import { getTranslations } from 'next-intl/server'
import { BackButton } from '@/components/layout/back-button'

/** The frame of the about, contact, terms and privacy pages: back button, title, readable width. */
export async function LegalPage({ title, children, wide }: { title: string; children: ReactNode; wide?: boolean }) {
  const t = await getTranslations('common')
  return (
    <div className={`mx-auto px-4 py-10 sm:px-6 ${wide ? 'max-w-5xl' : 'max-w-3xl'}`}>
      <BackButton label={t('back')} />
      <h1 className="mt-4 text-3xl font-semibold tracking-tight">{title}</h1>
      <div className="mt-8">{children}</div>
    </div>
  )
}
