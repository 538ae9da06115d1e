import { route } from '@/lib/http'
import { apiKeyListSchema, createApiKey, createApiKeyBody, createdApiKeySchema, listApiKeys } from '@/lib/api-keys'

// GET /api/user/api_keys – the caller's API keys (prefix, scopes, created, last used, revoked), never a whole key
export const GET = route({ summary: 'The caller\'s API keys: prefix, scopes, creation, last use and revocation (never the key)', auth: 'user', response: apiKeyListSchema }, async ({ user }) => listApiKeys({ userId: user.id }))

// POST /api/user/api_keys – makes a key with a name and scopes; the answer is the only time the whole key is shown
export const POST = route(
  { summary: 'Makes an API key with a name and scopes; the answer is the only time the whole key is shown', auth: 'user', body: createApiKeyBody, response: createdApiKeySchema },
  async ({ user, body }) => createApiKey({ userId: user.id, input: body }),
)
