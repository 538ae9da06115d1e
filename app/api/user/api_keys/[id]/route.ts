import { route } from '@/lib/http'
import { apiKeySchema, revokeApiKey } from '@/lib/api-keys'

// DELETE /api/user/api_keys/{id} – revokes one of the caller's keys at once (it answers 401 from then on)
export const DELETE = route({ summary: 'Revokes one of the caller\'s API keys at once', auth: 'user', params: ['id'], response: apiKeySchema }, async ({ user, params }) => revokeApiKey({ userId: user.id, keyId: params.id }))
