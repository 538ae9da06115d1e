import { route } from '@/lib/http'
import { dubSchema, getDub } from '@/lib/dub'

// GET /api/tasks/{id}/dubs/{dubId} – a dub's state: phrases spoken, flagged lines, price and charge
export const GET = route({ summary: 'A dub\'s state: phrases spoken, lines flagged, its price and what was charged', auth: 'user', params: ['id', 'dubId'], response: dubSchema }, async ({ user, params }) => getDub({ userId: user.id, taskId: params.id, dubId: params.dubId }))
