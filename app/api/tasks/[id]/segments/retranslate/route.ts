import { route } from '@/lib/http'
import { retranslateSegments, retranslateSegmentsBody } from '@/lib/tasks'

// POST /api/tasks/{id}/segments/retranslate – translates the selected segments again in one call
export const POST = route({ auth: 'user', body: retranslateSegmentsBody }, async ({ user, params, body }) =>
  retranslateSegments({ userId: user.id, taskId: params.id, ids: body.ids }),
)
