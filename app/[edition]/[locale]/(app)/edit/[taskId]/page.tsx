import { getTranslations } from 'next-intl/server'
import { Editor } from '@/components/editor/editor'
import { requireUser } from '@/lib/auth/guards'
import { toPublicUser } from '@/lib/auth/public-user'
import { noIndexMetadata } from '@/lib/seo/no-index-metadata'
import { pageLocale } from '@/lib/seo/page-params'
import { getTask } from '@/lib/tasks'
import { sandboxTranslators } from '@/lib/features'
import type { TaskDetail } from '@/lib/client/tasks'

type Params = { params: Promise<{ locale: string; taskId: string }> }

export const generateMetadata = noIndexMetadata(async (locale) => {
  const t = await getTranslations({ locale, namespace: 'editor' })
  return { title: t('pageTitle') }
})

/**
 * /edit/{taskId}: the segment editor. The task and its segments are read on the server, so the
 * first screen of rows is in the HTML and in the client cache; the client then polls while the
 * task translates. A task that is missing (or someone else's) renders the editor's missing state.
 */
export default async function EditPage({ params }: Params) {
  const locale = await pageLocale(params)
  const { taskId } = await params
  const user = await requireUser(locale)
  const task = await getTask({ userId: user.id, taskId }).catch(() => null)
  // The same JSON the API answers (dates as strings), so the cache holds one shape.
  const initialTask = task ? (JSON.parse(JSON.stringify(task)) as TaskDetail) : null
  const isSandbox = task !== null && sandboxTranslators().includes(task.translationService)
  return <Editor taskId={taskId} user={toPublicUser(user)} initialTask={initialTask} isSandbox={isSandbox} />
}
