import { route } from '@/lib/http'
import { editSegments, editSegmentsBody } from '@/lib/tasks'

// PATCH /api/tasks/{id}/segments – changes several segments' texts and/or times at once (replace all, undo)
export const PATCH = route({ auth: 'user', body: editSegmentsBody }, async ({ user, params, body }) =>
  editSegments({ userId: user.id, taskId: params.id, changes: body.segments }),
)
