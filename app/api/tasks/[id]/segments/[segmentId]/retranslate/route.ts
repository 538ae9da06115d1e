import { route } from '@/lib/http'
import { retranslateSegment, parseSegmentId } from '@/lib/tasks'
import { segmentSchema } from '@/lib/tasks/contract'

// POST /api/tasks/{id}/segments/{segmentId}/retranslate – translates one segment again
export const POST = route({ summary: 'Translates one segment again', auth: 'user', response: segmentSchema, params: ['id', 'segmentId'] }, async ({ user, params }) =>
  retranslateSegment({ userId: user.id, taskId: params.id, segmentId: parseSegmentId(params.segmentId) }),
)
