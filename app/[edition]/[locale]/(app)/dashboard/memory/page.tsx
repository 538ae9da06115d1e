import { MemoryView } from '@/components/dashboard/memory/memory-view'
import { requireUser } from '@/lib/auth/guards'
import { dashboardPageMetadata } from '@/lib/seo/no-index-metadata'
import { pageLocale, type LocaleParams } from '@/lib/seo/page-params'

export const generateMetadata = dashboardPageMetadata('memory')

/** /dashboard/memory: the user's translation memory, per language pair. */
export default async function MemoryPage({ params }: LocaleParams) {
  const locale = await pageLocale(params)
  await requireUser(locale)
  return <MemoryView />
}
