import { route } from '@/lib/http'
import { putShotChangesBody, saveShotChanges, shotChangesAnswerSchema, taskShotChanges } from '@/lib/tasks/timeline'

// GET /api/tasks/{id}/shot-changes – the cuts found in the task's video (ms of each cut's first frame); null before any were found
export const GET = route({ summary: 'The shot changes found in a task\'s video, as times of each cut\'s first frame', auth: 'user', params: ['id'], response: shotChangesAnswerSchema }, async ({ user, params }) =>
  taskShotChanges({ userId: user.id, taskId: params.id }),
)

// PUT /api/tasks/{id}/shot-changes – the cuts a browser found in the video ({"cutsMs": [...], "frameRate": 25, "durationMs": 120000})
export const PUT = route({ summary: 'Stores the shot changes a browser found in the task\'s video', auth: 'user', params: ['id'], body: putShotChangesBody, response: shotChangesAnswerSchema }, async ({ user, params, body }) =>
  saveShotChanges({ userId: user.id, taskId: params.id, body }),
)
