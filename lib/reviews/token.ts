import { createHash, randomBytes } from 'node:crypto'

// A review link's token: 32 random bytes (256 bits) in base64url, in the link's path. Only its
// SHA-256 is stored, so the table alone opens no task.

export function newReviewToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashReviewToken(token) }
}

export function hashReviewToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** Whether a string can be a token at all (43 base64url characters): anything else is not looked up. */
export function isTokenShape(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value)
}
