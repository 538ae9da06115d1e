import { route } from '@/lib/http'
import { approvalSchema, approveTask, taskApproval } from '@/lib/reviews'

// GET /api/tasks/{id}/approve – whether the task is marked approved, and when
export const GET = route({ summary: 'Whether the creator marked the task approved after review, and when', auth: 'user', params: ['id'], response: approvalSchema }, async ({ user, params }) => taskApproval({ userId: user.id, taskId: params.id }))

// POST /api/tasks/{id}/approve – marks the task approved after review
export const POST = route({ summary: 'Marks the task approved after review', auth: 'user', params: ['id'], response: approvalSchema }, async ({ user, params }) => approveTask({ userId: user.id, taskId: params.id }))
