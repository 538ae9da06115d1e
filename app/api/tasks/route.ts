import { route } from '@/lib/http'
import { enqueueTaskRun } from '@/lib/jobs'
import { chosenUpload, createTask, createTaskFields, listTasks, listTasksQuery } from '@/lib/tasks'
import { uploadWorkLimit } from '@/lib/tasks/request-limits'
import { taskPageSchema, taskSchema } from '@/lib/tasks/contract'

// POST /api/tasks – creates a translation task from a subtitle upload (multipart: the `file`, or the
// `uploadId` its estimate answered) and reserves its cost
export const POST = route(
  {
    summary: 'Creates a translation task from a subtitle upload (SRT, WebVTT or ASS; multipart) and reserves its cost',
    auth: 'user',
    response: taskSchema, multipart: true, body: createTaskFields, rateLimit: uploadWorkLimit('create') },
  async ({ user, body, form }) =>
    createTask({ userId: user.id, upload: await chosenUpload({ userId: user.id, uploadId: body.uploadId, form }), fields: body, enqueue: enqueueTaskRun }),
)

// GET /api/tasks?page=&size= – the caller's tasks, newest first, as a page object (docs/product.md, API)
export const GET = route({ summary: 'The caller\'s tasks, newest first, as a page', auth: 'user', response: taskPageSchema, query: listTasksQuery }, async ({ user, query }) => listTasks({ userId: user.id, page: query.page, size: query.size }))
