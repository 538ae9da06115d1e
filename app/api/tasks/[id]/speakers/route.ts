import { route } from '@/lib/http'
import { nameSpeakers, speakerNamesBody } from '@/lib/tasks'
import { taskSchema } from '@/lib/tasks/contract'

// PATCH /api/tasks/{id}/speakers – names a transcription's speakers once for every cue they speak ({"names": {"S1": "Ada"}}; a blank name forgets it)
export const PATCH = route({ summary: 'Names a transcription\'s speakers once for every cue they speak', auth: 'user', response: taskSchema, params: ['id'], body: speakerNamesBody }, async ({ user, params, body }) =>
  nameSpeakers({ userId: user.id, taskId: params.id, names: body.names }),
)
