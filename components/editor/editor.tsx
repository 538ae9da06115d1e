'use client'

import { useTranslations } from 'next-intl'
import type { PublicUser } from '@/lib/accounts/contract'
import { errorText, isApiError } from '@/lib/client/api'
import { useTaskDetail, type TaskDetail } from '@/lib/client/tasks'
import { EditorLoadError, EditorMissing, EditorSkeleton } from './screen/editor-states'
import { EditorWorkspace } from './screen/editor-workspace'
import { EditorStoreProvider } from './state/editor-store-context'

/**
 * The segment editor of one task: sticky header and tools, video preview, virtualized rows,
 * keyboard first. One store per open editor holds what the person does (state/editor-store.ts).
 * `isSandbox`: the sandbox translated the task (its lines are placeholders, lib/features.ts).
 */
export function Editor({ taskId, user, initialTask, isSandbox = false }: { taskId: string; user: PublicUser; initialTask?: TaskDetail | null; isSandbox?: boolean }) {
  const t = useTranslations('editor')
  const query = useTaskDetail(taskId, initialTask)
  const task = query.data
  if (query.isPending) return <EditorSkeleton />
  if (query.isError && !task) {
    if (isApiError(query.error, 'not_found')) return <EditorMissing />
    return <EditorLoadError message={errorText(query.error, t('loadErrorDetail'))} onRetry={() => query.refetch()} isRetrying={query.isFetching} />
  }
  if (!task) return <EditorMissing />
  return (
    <EditorStoreProvider>
      <EditorWorkspace task={task} user={user} isSandbox={isSandbox} />
    </EditorStoreProvider>
  )
}
