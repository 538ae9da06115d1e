import { route } from '@/lib/http'
import { dubSchema, respeakDub } from '@/lib/dub'
import { enqueueDubRun } from '@/lib/jobs'

// POST /api/tasks/{id}/dubs/{dubId}/respeak – speaks again the lines edited since the dub was made (and those that failed), charged for those lines only
export const POST = route(
  { summary: 'Speaks again the lines edited since the dub was made, and those the provider failed; charged for those lines only, then mixed afresh', auth: 'user', params: ['id', 'dubId'], response: dubSchema },
  async ({ user, params }) => respeakDub({ userId: user.id, taskId: params.id, dubId: params.dubId, enqueue: enqueueDubRun }),
)
