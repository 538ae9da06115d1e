import { z } from 'zod'
import { route } from '@/lib/http'
import { approveTask } from '@/lib/reviews'

// POST /api/tasks/{id}/approve – marks the task approved after review
export const POST = route({ summary: 'Marks the task approved after review', auth: 'user', params: ['id'], response: z.object({ approvedAt: z.string() }) }, async ({ user, params }) => approveTask({ userId: user.id, taskId: params.id }))
