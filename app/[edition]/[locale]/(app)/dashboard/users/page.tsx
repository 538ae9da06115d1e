import { UsersView } from '@/components/admin/users-view'
import { requireManager } from '@/lib/auth/guards'
import { dashboardPageMetadata } from '@/lib/seo/no-index-metadata'
import { pageLocale, type LocaleParams } from '@/lib/seo/page-params'

export const generateMetadata = dashboardPageMetadata('users')

/** /dashboard/users: user management; anyone else is sent home with the "administrators only" notice. */
export default async function UsersPage({ params }: LocaleParams) {
  const locale = await pageLocale(params)
  const user = await requireManager(locale)
  return <UsersView currentUserId={user.id} />
}
