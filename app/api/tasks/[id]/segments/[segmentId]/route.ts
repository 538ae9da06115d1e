import { route } from '@/lib/http'
import { editSegment, editSegmentBody, parseSegmentId } from '@/lib/tasks'
import { segmentSchema } from '@/lib/tasks/contract'

// PATCH /api/tasks/{id}/segments/{segmentId} – edits a segment's original and/or translated text
export const PATCH = route({ summary: 'Edits a segment\'s original and/or translated text', auth: 'user', response: segmentSchema, params: ['id', 'segmentId'], body: editSegmentBody }, async ({ user, params, body }) =>
  editSegment({ userId: user.id, taskId: params.id, segmentId: parseSegmentId(params.segmentId), ...body }),
)
