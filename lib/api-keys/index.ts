// API keys: a creator's scripts call the task API with `Authorization: Bearer ss_live_…`, acting
// as the creator within the key's scopes. Only a hash of each key is stored.
export { createApiKey, listApiKeys, revokeApiKey, resolveApiKey, MAX_KEYS_PER_USER, type KeyCaller } from './keys'
export { API_SCOPES, KEY_OPERATIONS, scopeForOperation, scopeForRequest, type ApiScope } from './universal/scopes'
export { isApiKey, KEY_PREFIX } from './token'
export * from './contract'
