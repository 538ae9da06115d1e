import { observeProvider } from '@/lib/metrics'
import { ProviderError, type ProviderErrorKind, type ProviderName } from './types'

/** Replaces every secret (API key, email) in vendor text and trims it, so errors are safe to log and show. */
export function redact(text: string, secrets: (string | undefined)[]): string {
  let out = text
  for (const secret of secrets) if (secret) out = out.split(secret).join('***')
  return out.length > 300 ? `${out.slice(0, 300)}…` : out
}

/** HTTP status → what a caller should do. Rule: 429 waits, 408/409/425 and 5xx retry, any other failure is fatal. */
export function kindForStatus(status: number): ProviderErrorKind {
  if (status === 429) return 'rate_limited'
  if (status === 408 || status === 409 || status === 425 || status >= 500) return 'retryable'
  return 'fatal'
}

/** Reads `retry-after-ms`, then `retry-after` (seconds or an HTTP date); undefined when absent or unreadable. */
export function parseRetryAfter(headers: Headers): number | undefined {
  const ms = Number(headers.get('retry-after-ms'))
  if (headers.get('retry-after-ms') !== null && Number.isFinite(ms) && ms >= 0) return ms
  const value = headers.get('retry-after')
  if (value === null || value.trim() === '') return undefined
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now())
}

export type HttpCall = {
  provider: ProviderName
  url: string
  init: RequestInit
  timeoutMs: number
  signal?: AbortSignal
  secrets: (string | undefined)[]
}

/**
 * fetch with a timeout, answering the status and the body text. Rule: a network failure or our
 * timeout is `retryable`; the caller's own abort is rethrown as is, so an aborted task stops.
 */
export async function fetchText({ provider, url, init, timeoutMs, signal, secrets }: HttpCall): Promise<{ status: number; headers: Headers; text: string }> {
  const timeout = AbortSignal.timeout(timeoutMs)
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout
  const started = performance.now()
  try {
    const res = await fetch(url, { ...init, signal: combined })
    // The body is read under the same signal: DeepSeek may hold a connection open with blank lines.
    const text = await res.text()
    observeProvider(provider, res.status, started)
    return { status: res.status, headers: res.headers, text }
  } catch (error) {
    if (signal?.aborted) throw signal.reason ?? error
    observeProvider(provider, 'network', started)
    const reason = timeout.aborted ? `no answer within ${timeoutMs} ms` : `network error: ${redact(String((error as Error).cause ?? error), secrets)}`
    throw new ProviderError({ provider, kind: 'retryable', message: reason })
  }
}

/** Parses JSON text, undefined when it is not JSON (leading blank lines are fine for JSON.parse). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
