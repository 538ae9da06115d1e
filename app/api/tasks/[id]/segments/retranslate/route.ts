import { route } from '@/lib/http'
import { retranslateSegments, retranslateSegmentsBody } from '@/lib/tasks'
import { segmentListSchema } from '@/lib/tasks/contract'

// POST /api/tasks/{id}/segments/retranslate – translates the selected segments again in one call
export const POST = route({ summary: 'Translates the selected segments again in one call', auth: 'user', response: segmentListSchema, params: ['id'], body: retranslateSegmentsBody }, async ({ user, params, body }) =>
  retranslateSegments({ userId: user.id, taskId: params.id, ids: body.ids }),
)
