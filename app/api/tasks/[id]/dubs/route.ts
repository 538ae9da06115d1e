import { route } from '@/lib/http'
import { createDub, createDubBody, dubListSchema, dubSchema, listDubs } from '@/lib/dub'
import { enqueueDubRun } from '@/lib/jobs'

// GET /api/tasks/{id}/dubs – the task's dubs, newest first
export const GET = route({ summary: 'The task\'s dubs, newest first', auth: 'user', params: ['id'], response: dubListSchema }, async ({ user, params }) => listDubs({ userId: user.id, taskId: params.id }))

// POST /api/tasks/{id}/dubs – starts a dub (a voice per speaker, mixed over the recording or voices only); its price is reserved now
export const POST = route(
  { summary: 'Starts a dub of the task: a voice per speaker, mixed over the recording or the voices alone; its price is reserved now and settled on what was spoken', auth: 'user', params: ['id'], body: createDubBody, response: dubSchema },
  async ({ user, params, body }) => createDub({ userId: user.id, taskId: params.id, input: body, enqueue: enqueueDubRun }),
)
