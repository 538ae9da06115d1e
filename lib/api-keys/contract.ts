import { z } from 'zod'
import { API_SCOPES } from './universal/scopes'

// What the key endpoints take and answer, declared once.

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
})
export const apiKeyListSchema = z.array(apiKeySchema)
/** The answer of creation: the one time the whole key is shown. */
export const createdApiKeySchema = z.object({ apiKey: apiKeySchema, key: z.string() })

export const createApiKeyBody = z.object({
  name: z
    .string({ error: 'apiKeyNameRequired' })
    .transform((v) => v.trim())
    .pipe(z.string().min(1, 'apiKeyNameRequired').max(60, 'apiKeyNameLength')),
  scopes: z.array(z.enum(API_SCOPES, { error: 'apiKeyScopesRequired' }), { error: 'apiKeyScopesRequired' }).min(1, 'apiKeyScopesRequired').transform((s) => [...new Set(s)]),
})

export type ApiKeyDto = z.infer<typeof apiKeySchema>
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>
export type CreateApiKeyInput = z.infer<typeof createApiKeyBody>
