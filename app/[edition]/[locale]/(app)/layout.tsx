import type { ReactNode } from 'react'
import type { Metadata } from 'next'
import { AppProviders } from '@/components/layout/app-providers'
import { requireUser } from '@/lib/auth/guards'
import { pageLocale } from '@/lib/seo/page-params'

export const metadata: Metadata = { robots: { index: false, follow: false } }

/** Signed-in pages: the session is checked on the server before anything renders. */
export default async function AppLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const locale = await pageLocale(params)
  await requireUser(locale)
  return <AppProviders>{children}</AppProviders>
}
