import { route } from '@/lib/http'
import { enqueueTranslation } from '@/lib/jobs'
import { clientIp } from '@/lib/rate-limit'
import { createTask, createTaskFields, listTasks, listTasksQuery, readSubtitleUpload } from '@/lib/tasks'
import { limitUploadWork } from '@/lib/tasks/request-limits'
import { taskPageSchema, taskSchema } from '@/lib/tasks/contract'

// POST /api/tasks – creates a translation task from an .srt upload (multipart) and reserves its cost
export const POST = route({ auth: 'user', response: taskSchema, multipart: true, body: createTaskFields }, async ({ req, user, body, form }) => {
  await limitUploadWork({ kind: 'create', userId: user.id, clientIp: clientIp(req) })
  return createTask({ userId: user.id, upload: await readSubtitleUpload(form), fields: body, enqueue: enqueueTranslation })
})

// GET /api/tasks?page=&size= – the caller's tasks, newest first, as a page object (docs/product.md, API)
export const GET = route({ auth: 'user', response: taskPageSchema, query: listTasksQuery }, async ({ user, query }) => listTasks({ userId: user.id, page: query.page, size: query.size }))
