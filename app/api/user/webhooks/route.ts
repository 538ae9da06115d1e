import { route } from '@/lib/http'
import { createdWebhookSchema, createWebhookBody, createWebhookEndpoint, listWebhookEndpoints, webhookEndpointListSchema } from '@/lib/webhooks'

// GET /api/user/webhooks – the caller's webhook endpoints (URL, events), never a secret
export const GET = route({ summary: 'The caller\'s webhook endpoints: URL and events (never the secret)', auth: 'user', response: webhookEndpointListSchema }, async ({ user }) => listWebhookEndpoints({ userId: user.id }))

// POST /api/user/webhooks – registers an endpoint (URL, events); the answer is the only time its signing secret is shown
export const POST = route(
  { summary: 'Registers a webhook endpoint (URL, events); the answer is the only time its signing secret (whsec_…) is shown', auth: 'user', body: createWebhookBody, response: createdWebhookSchema },
  async ({ user, body }) => createWebhookEndpoint({ userId: user.id, input: body }),
)
