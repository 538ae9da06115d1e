import 'server-only'
import type { ApiKey, User } from '@prisma/client'
import { db } from '@/lib/db'
import { AppError } from '@/lib/errors'
import type { ApiKeyDto, CreateApiKeyInput, CreatedApiKey } from './contract'
import type { ApiScope } from './universal/scopes'
import { hashApiKey, newApiKey } from './token'

/** Live keys one creator may hold: enough for every script, few enough to review. */
export const MAX_KEYS_PER_USER = 20
// Writing the last use on every call would write on every request; once a minute is exact enough.
const TOUCH_AFTER_MS = 60_000

export function toApiKeyDto(key: ApiKey): ApiKeyDto {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    scopes: key.scopes as ApiScope[],
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    revokedAt: key.revokedAt?.toISOString() ?? null,
  }
}

/** Makes a key; the answer is the only place the whole key ever appears. */
export async function createApiKey({ userId, input }: { userId: string; input: CreateApiKeyInput }): Promise<CreatedApiKey> {
  const live = await db.apiKey.count({ where: { userId, revokedAt: null } })
  if (live >= MAX_KEYS_PER_USER) throw new AppError('conflict', 'apiKeyLimit', { max: MAX_KEYS_PER_USER })
  const { key, hash, shown } = newApiKey()
  const row = await db.apiKey.create({ data: { userId, name: input.name, prefix: shown, keyHash: hash, scopes: input.scopes } })
  return { apiKey: toApiKeyDto(row), key }
}

/** A creator's keys, newest first, revoked ones included (marked). */
export async function listApiKeys({ userId }: { userId: string }): Promise<ApiKeyDto[]> {
  const rows = await db.apiKey.findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] })
  return rows.map(toApiKeyDto)
}

/** Revokes one of the creator's keys at once; revoking it again changes nothing. */
export async function revokeApiKey({ userId, keyId }: { userId: string; keyId: string }): Promise<ApiKeyDto> {
  const row = await db.apiKey.findFirst({ where: { id: keyId, userId } })
  if (!row) throw new AppError('not_found', 'notFound')
  if (row.revokedAt) return toApiKeyDto(row)
  return toApiKeyDto(await db.apiKey.update({ where: { id: row.id }, data: { revokedAt: new Date() } }))
}

export type KeyCaller = { user: User; keyId: string; name: string; scopes: ApiScope[] }

/** The live key of a bearer token and its owner; null for a revoked, unknown or malformed one alike. */
export async function resolveApiKey(token: string): Promise<KeyCaller | null> {
  if (token.length > 200) return null
  const row = await db.apiKey.findUnique({ where: { keyHash: hashApiKey(token) }, include: { user: true } })
  if (!row || row.revokedAt) return null
  const now = Date.now()
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > TOUCH_AFTER_MS) {
    await db.apiKey.updateMany({ where: { id: row.id, revokedAt: null }, data: { lastUsedAt: new Date(now) } })
  }
  return { user: row.user, keyId: row.id, name: row.name, scopes: row.scopes as ApiScope[] }
}
