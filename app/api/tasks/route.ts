import { route } from '@/lib/http'
import { clientIp } from '@/lib/rate-limit'
import { createTask, createTaskFields, listTasks, listTasksQuery, readSubtitleUpload } from '@/lib/tasks'
import { limitUploadWork } from '@/lib/tasks/request-limits'

// POST /api/tasks – creates a translation task from an .srt upload (multipart) and reserves its cost
export const POST = route({ auth: 'user', multipart: true, body: createTaskFields }, async ({ req, user, body, form }) => {
  await limitUploadWork({ kind: 'create', userId: user.id, clientIp: clientIp(req) })
  return createTask({ userId: user.id, upload: await readSubtitleUpload(form), fields: body })
})

// GET /api/tasks?page=&size= – the caller's tasks, newest first, as the spec's page object
export const GET = route({ auth: 'user', query: listTasksQuery }, async ({ user, query }) => listTasks({ userId: user.id, page: query.page, size: query.size }))
