'use client'

/**
 * A random idempotency key for one submit. getRandomValues rather than randomUUID: the latter
 * exists only on secure origins, and a self-hosted workspace may be served over plain http.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * Keeps one key per submitted payload until it succeeds: a double click or a retry after a lost
 * answer sends the same key (the server applies it once); a changed form gets a fresh key.
 */
export function createSubmitKeys() {
  let pending: { payload: string; key: string } | null = null
  return {
    keyFor(payload: unknown): string {
      const text = JSON.stringify(payload)
      if (pending?.payload !== text) pending = { payload: text, key: newIdempotencyKey() }
      return pending.key
    },
    /** The submit went through: the next one, even with the same values, is a new request. */
    done() {
      pending = null
    },
  }
}
