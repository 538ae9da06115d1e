import 'server-only'
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { derivedKey } from '@/lib/secrets/keys'

// An endpoint's signing secret must be read back to sign each delivery, so unlike an API key it
// cannot be kept as a hash: it is sealed (AES-256-GCM) with a key derived from SESSION_SECRET,
// and a copy of the database alone does not reveal it.

export function sealSecret(secret: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', derivedKey('webhook-secret'), iv)
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), sealed.toString('base64')].join('.')
}

export function openSecret(sealed: string): string {
  const [, iv, tag, data] = sealed.split('.')
  const decipher = createDecipheriv('aes-256-gcm', derivedKey('webhook-secret'), Buffer.from(iv, 'base64'))
  decipher.setAuthTag(Buffer.from(tag, 'base64'))
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8')
}
