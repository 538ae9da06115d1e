import { z } from 'zod'
import { route } from '@/lib/http'
import { enqueueWebhookDelivery } from '@/lib/jobs'
import { sendTestEvent } from '@/lib/webhooks'

// POST /api/user/webhooks/{id}/test – queues a signed test event (webhook.test) to one of the caller's endpoints
export const POST = route({ summary: 'Queues a signed test event (webhook.test) to one of the caller\'s endpoints', auth: 'user', params: ['id'], response: z.object({ id: z.string() }) }, async ({ user, params }) =>
  sendTestEvent({ userId: user.id, endpointId: params.id, enqueue: enqueueWebhookDelivery }),
)
