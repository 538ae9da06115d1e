import { route } from '@/lib/http'
import { enqueueTaskRun } from '@/lib/jobs'
import { retryTask } from '@/lib/tasks'
import { taskSchema } from '@/lib/tasks/contract'

// POST /api/tasks/{id}/retry – runs a failed task again: only its missing cues, its cost reserved once more
export const POST = route({ summary: 'Runs a failed task again: only its missing cues, its cost reserved once more', auth: 'user', response: taskSchema, params: ['id'] }, async ({ user, params }) => retryTask({ userId: user.id, taskId: params.id, enqueue: enqueueTaskRun }))
