import { createHmac, randomBytes } from 'node:crypto'

// The Standard Webhooks convention (standardwebhooks.com): a secret `whsec_` + base64 of random
// bytes, whose decoded bytes key an HMAC-SHA256 over `${id}.${timestamp}.${body}`, sent as
// `webhook-signature: v1,<base64>`. Receivers verify with any Standard Webhooks library.

const SECRET_PREFIX = 'whsec_'

export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64')
}

/** The `webhook-signature` value of one delivery. */
export function signWebhook({ secret, id, timestamp, body }: { secret: string; id: string; timestamp: number; body: string }): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64')
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`
}
