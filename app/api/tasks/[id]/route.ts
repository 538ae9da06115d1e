import { dubFilesOfTask, removeDubFiles } from '@/lib/dub'
import { route } from '@/lib/http'
import { deleteTask, getTask, getTaskChanges, getTaskQuery } from '@/lib/tasks'
import { z } from 'zod'
import { taskDetailSchema } from '@/lib/tasks/contract'

// GET /api/tasks/{id}[?segments=0|?since=cursor] – one of the caller's tasks with status, progress and
// (unless 0) all segments, or only those written since an earlier answer's cursor
export const GET = route({ summary: 'One of the caller\'s tasks with status, progress and (unless 0) all segments', auth: 'user', response: taskDetailSchema, params: ['id'], query: getTaskQuery }, async ({ user, params, query }) =>
  query.since && query.segments
    ? getTaskChanges({ userId: user.id, taskId: params.id, since: query.since })
    : getTask({ userId: user.id, taskId: params.id, withSegments: query.segments }),
)

// DELETE /api/tasks/{id} – deletes one of the caller's tasks (a running one gives its points back)
// and every file it keeps, its dubs' too (read first: their rows go with the task)
export const DELETE = route({ summary: 'Deletes one of the caller\'s tasks (a running one gives its points back)', auth: 'user', response: z.null(), params: ['id'] }, async ({ user, params }) => {
  const dubFiles = await dubFilesOfTask(params.id)
  await deleteTask({ userId: user.id, taskId: params.id })
  await removeDubFiles(dubFiles)
  return null
})
