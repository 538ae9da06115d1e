import { z } from 'zod'
import { route } from '@/lib/http'
import { deleteWebhookEndpoint } from '@/lib/webhooks'

// DELETE /api/user/webhooks/{id} – deletes one of the caller's endpoints with its deliveries
export const DELETE = route({ summary: 'Deletes one of the caller\'s webhook endpoints with its deliveries', auth: 'user', params: ['id'], response: z.null() }, async ({ user, params }) => {
  await deleteWebhookEndpoint({ userId: user.id, endpointId: params.id })
  return null
})
