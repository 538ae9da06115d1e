import { createHash, randomBytes } from 'node:crypto'

/** A new random session token (sent to the client once) and the id it is stored under. */
export function newSessionToken(): { token: string; id: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, id: hashToken(token) }
}

/** Sessions are stored under the token's SHA-256, so a database leak yields no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
