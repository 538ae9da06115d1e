import { route } from '@/lib/http'
import { condenseSegment, condenseSegmentBody, parseSegmentId } from '@/lib/tasks'
import { condensedSchema } from '@/lib/tasks/contract'

// POST /api/tasks/{id}/segments/{segmentId}/condense – DeepSeek suggests a shorter version of a line, within maxChars (nothing is written)
export const POST = route(
  { summary: 'DeepSeek suggests a shorter version of a line within maxChars characters; nothing is written', auth: 'user', params: ['id', 'segmentId'], body: condenseSegmentBody, response: condensedSchema },
  async ({ user, params, body }) => condenseSegment({ userId: user.id, taskId: params.id, segmentId: parseSegmentId(params.segmentId), ...body }),
)
