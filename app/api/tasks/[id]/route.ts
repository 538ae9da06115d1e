import { route } from '@/lib/http'
import { deleteTask, getTask, getTaskQuery } from '@/lib/tasks'

// GET /api/tasks/{id}[?segments=0] – one of the caller's tasks with status, progress and (unless 0) all segments
export const GET = route({ auth: 'user', query: getTaskQuery }, async ({ user, params, query }) =>
  getTask({ userId: user.id, taskId: params.id, withSegments: query.segments }),
)

// DELETE /api/tasks/{id} – deletes one of the caller's tasks (a running one gives its points back)
export const DELETE = route({ auth: 'user' }, async ({ user, params }) => {
  await deleteTask({ userId: user.id, taskId: params.id })
  return null
})
