import { route } from '@/lib/http'
import { mergeSegments, mergeSegmentsBody, parseSegmentId } from '@/lib/tasks'
import { segmentSchema } from '@/lib/tasks/contract'

// POST /api/tasks/{id}/segments/{segmentId}/merge – merges a cue with the next; the cues after it are renumbered
export const POST = route(
  { summary: 'Merges a cue with the next one into the texts given; the cues after it move one up', auth: 'user', params: ['id', 'segmentId'], body: mergeSegmentsBody, response: segmentSchema },
  async ({ user, params, body }) => mergeSegments({ userId: user.id, taskId: params.id, segmentId: parseSegmentId(params.segmentId), body }),
)
