import { route } from '@/lib/http'
import { parseSegmentId, splitSegment, splitSegmentBody } from '@/lib/tasks'
import { segmentListSchema } from '@/lib/tasks/contract'

// POST /api/tasks/{id}/segments/{segmentId}/split – splits a cue in two; the cues after it are renumbered
export const POST = route(
  { summary: 'Splits a cue in two at the times and texts given; the cues after it move one down', auth: 'user', params: ['id', 'segmentId'], body: splitSegmentBody, response: segmentListSchema },
  async ({ user, params, body }) => splitSegment({ userId: user.id, taskId: params.id, segmentId: parseSegmentId(params.segmentId), body }),
)
