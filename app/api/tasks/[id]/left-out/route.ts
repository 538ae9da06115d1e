import { route } from '@/lib/http'
import { leftOutListSchema, listLeftOut } from '@/lib/tasks/transcription/left-out'

// GET /api/tasks/{id}/left-out – lines the speech-to-text provider answered that were left out as probably not spoken
export const GET = route({ summary: 'Lines the speech-to-text provider answered that were left out as probably not spoken', auth: 'user', params: ['id'], response: leftOutListSchema }, async ({ user, params }) =>
  listLeftOut({ userId: user.id, taskId: params.id }),
)
