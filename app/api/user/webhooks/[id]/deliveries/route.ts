import { route } from '@/lib/http'
import { listDeliveries, webhookDeliveryListSchema } from '@/lib/webhooks'

// GET /api/user/webhooks/{id}/deliveries – an endpoint's latest deliveries: event, status, tries and the receiver's answer code
export const GET = route({ summary: 'An endpoint\'s latest deliveries: event, status, tries and the receiver\'s answer code', auth: 'user', params: ['id'], response: webhookDeliveryListSchema }, async ({ user, params }) => listDeliveries({ userId: user.id, endpointId: params.id }))
