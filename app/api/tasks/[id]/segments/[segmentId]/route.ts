import { route } from '@/lib/http'
import { editSegment, editSegmentBody, parseSegmentId } from '@/lib/tasks'

// PATCH /api/tasks/{id}/segments/{segmentId} – edits a segment's original and/or translated text
export const PATCH = route({ auth: 'user', body: editSegmentBody }, async ({ user, params, body }) =>
  editSegment({ userId: user.id, taskId: params.id, segmentId: parseSegmentId(params.segmentId), ...body }),
)
