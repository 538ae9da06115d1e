import { route } from '@/lib/http'
import { dubEstimateSchema, estimateDub } from '@/lib/dub'

// GET /api/tasks/{id}/dubs/estimate – the price of dubbing the task now, each speaker's voice, and the voices to choose from
export const GET = route({ summary: 'The price of dubbing the task now, the voice each speaker would get, and the voices to choose from', auth: 'user', params: ['id'], response: dubEstimateSchema }, async ({ user, params }) => estimateDub({ userId: user.id, taskId: params.id }))
