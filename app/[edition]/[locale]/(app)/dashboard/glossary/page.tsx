import { GlossaryView } from '@/components/dashboard/glossary/glossary-view'
import { requireUser } from '@/lib/auth/guards'
import { dashboardPageMetadata } from '@/lib/seo/no-index-metadata'
import { pageLocale, type LocaleParams } from '@/lib/seo/page-params'

export const generateMetadata = dashboardPageMetadata('glossary')

/** /dashboard/glossary: the user's own glossary entries. */
export default async function GlossaryPage({ params }: LocaleParams) {
  const locale = await pageLocale(params)
  await requireUser(locale)
  return <GlossaryView />
}
