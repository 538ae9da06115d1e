import { route } from '@/lib/http'
import { snapAnswerSchema, snapSegments, snapSegmentsBody } from '@/lib/tasks/transcription/timing'

// POST /api/tasks/{id}/segments/snap – moves the listed cues onto the speech they cover
export const POST = route({ summary: 'Moves the listed cues\' starts and ends onto the speech they cover (within 5 s, never across another cue)', auth: 'user', params: ['id'], body: snapSegmentsBody, response: snapAnswerSchema }, async ({ user, params, body }) =>
  snapSegments({ userId: user.id, taskId: params.id, ids: body.ids }),
)
