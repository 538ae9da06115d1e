import { createHash, randomBytes } from 'node:crypto'

// An API key is `ss_live_` and 43 base64url characters (32 random bytes): unguessable, and easy to
// find and redact in a log or a leaked file by its prefix. Only its SHA-256 is kept.

export const KEY_PREFIX = 'ss_live_'
// The characters of a key the list shows (prefix and four of the secret part): enough to tell keys apart.
const SHOWN_LENGTH = KEY_PREFIX.length + 4

export function newApiKey(): { key: string; hash: string; shown: string } {
  const key = KEY_PREFIX + randomBytes(32).toString('base64url')
  return { key, hash: hashApiKey(key), shown: key.slice(0, SHOWN_LENGTH) }
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex')
}

/** Whether a bearer token is an API key (rather than a session token). */
export function isApiKey(token: string): boolean {
  return token.startsWith(KEY_PREFIX)
}
