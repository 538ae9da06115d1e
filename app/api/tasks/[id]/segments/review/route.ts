import { route } from '@/lib/http'
import { retranslateSegmentsBody, reviewSegments } from '@/lib/tasks'
import { segmentListSchema } from '@/lib/tasks/contract'

// POST /api/tasks/{id}/segments/review – the DeepSeek review pass on the selected segments (corrections keep their first version)
export const POST = route({ auth: 'user', response: segmentListSchema, params: ['id'], body: retranslateSegmentsBody }, async ({ user, params, body }) =>
  reviewSegments({ userId: user.id, taskId: params.id, ids: body.ids }),
)
