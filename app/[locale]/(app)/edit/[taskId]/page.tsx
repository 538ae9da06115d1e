import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'
import { Editor } from '@/components/editor/editor'
import { requireUser } from '@/lib/auth/guards'
import { toPublicUser } from '@/lib/auth/public-user'
import { pageLocale } from '@/lib/seo/page-params'

type Params = { params: Promise<{ locale: string; taskId: string }> }

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const locale = await pageLocale(params)
  const t = await getTranslations({ locale, namespace: 'editor' })
  return { title: t('pageTitle'), robots: { index: false, follow: false } }
}

/** /edit/{taskId}: the segment editor; the task itself is loaded (and polled) on the client. */
export default async function EditPage({ params }: Params) {
  const locale = await pageLocale(params)
  const { taskId } = await params
  const user = await requireUser(locale)
  return <Editor taskId={taskId} user={toPublicUser(user)} />
}
