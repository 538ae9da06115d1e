import { route } from '@/lib/http'
import { editSegments, editSegmentsBody } from '@/lib/tasks'
import { segmentListSchema } from '@/lib/tasks/contract'

// PATCH /api/tasks/{id}/segments – changes several segments' texts and/or times at once (replace all, undo)
export const PATCH = route({ summary: 'Changes several segments\' texts and/or times at once (replace all, undo)', auth: 'user', response: segmentListSchema, params: ['id'], body: editSegmentsBody }, async ({ user, params, body }) =>
  editSegments({ userId: user.id, taskId: params.id, changes: body.segments }),
)
