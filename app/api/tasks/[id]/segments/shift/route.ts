import { route } from '@/lib/http'
import { shiftSegments, shiftSegmentsBody } from '@/lib/tasks'
import { segmentListSchema } from '@/lib/tasks/contract'

// POST /api/tasks/{id}/segments/shift – moves all (or the listed) cues earlier or later, never below zero
export const POST = route({ summary: 'Moves all (or the listed) cues earlier or later, never below zero', auth: 'user', response: segmentListSchema, params: ['id'], body: shiftSegmentsBody }, async ({ user, params, body }) =>
  shiftSegments({ userId: user.id, taskId: params.id, offsetMs: body.offsetMs, ids: body.ids }),
)
