import { route } from '@/lib/http'
import { retryTask } from '@/lib/tasks'

// POST /api/tasks/{id}/retry – runs a failed task again: only its missing cues, its cost reserved once more
export const POST = route({ auth: 'user' }, async ({ user, params }) => retryTask({ userId: user.id, taskId: params.id }))
