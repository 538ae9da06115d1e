/** rate_limited: wait and retry; retryable: transient, retry; fatal: retrying cannot help. */
export type ServiceFailureKind = 'rate_limited' | 'retryable' | 'fatal'

/**
 * A failed request to a speech service (speech to text, text to speech), its message led by the
 * service's name; each service's own error extends it. Rule: the message never carries a key.
 */
export class ServiceCallError extends Error {
  constructor(
    service: string,
    readonly kind: ServiceFailureKind,
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(`${service}: ${message}`)
  }
}

/** The wait a 429 asks for: `retry-after-ms`, else `retry-after` in seconds; undefined unless a positive number. */
export function retryAfterOf(headers: Headers): number | undefined {
  const ms = Number(headers.get('retry-after-ms'))
  if (Number.isFinite(ms) && ms > 0) return ms
  const s = Number(headers.get('retry-after'))
  return Number.isFinite(s) && s > 0 ? s * 1000 : undefined
}
