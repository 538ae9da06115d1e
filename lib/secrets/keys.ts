import 'server-only'
import { hkdfSync } from 'node:crypto'
import { env } from '@/lib/env'

// One secret is configured (SESSION_SECRET); each use gets a key of its own derived from it with
// HKDF, so a key exposed through one use (a cookie sealing, a code hash) says nothing about the
// others, and no use ever handles the secret itself.
export type KeyPurpose = 'cookie-seal' | 'code-hash' | 'webhook-secret'

const SALT = 'subtitle-studio'
const cache = new Map<string, Buffer>()

/** A 32-byte key for one purpose, derived from SESSION_SECRET (HKDF-SHA256, the purpose as info). */
export function derivedKey(purpose: KeyPurpose, secret = env().SESSION_SECRET): Buffer {
  const id = `${purpose}\n${secret}`
  let key = cache.get(id)
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, SALT, `subtitle-studio/${purpose}/v1`, 32))
    cache.set(id, key)
  }
  return key
}

/** The iron-session password for sealed cookies: the derived key as 64 hex characters. */
export function cookiePassword(): string {
  return derivedKey('cookie-seal').toString('hex')
}
