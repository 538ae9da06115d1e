import { route } from '@/lib/http'
import { segmentSchema } from '@/lib/tasks/contract'
import { parseLeftOutId } from '@/lib/tasks/transcription/left-out'
import { restoreLeftOut } from '@/lib/tasks/transcription/timing'

// POST /api/tasks/{id}/left-out/{lineId}/restore – makes a left-out line a cue again
export const POST = route({ summary: 'Makes a left-out line a cue again, placed by its time', auth: 'user', params: ['id', 'lineId'], response: segmentSchema }, async ({ user, params }) =>
  restoreLeftOut({ userId: user.id, taskId: params.id, lineId: parseLeftOutId(params.lineId) }),
)
