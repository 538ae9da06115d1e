export type ProviderName = 'deepseek' | 'google' | 'mymemory'

export type TranslateLine = { id: number; text: string }

export type TranslateBatchInput = {
  lines: TranslateLine[]
  /** Cues just before the batch, for meaning only; never translated back. */
  context: TranslateLine[]
  sourceLanguage?: string
  targetLanguage: string
  signal?: AbortSignal
}

export type TranslateProvider = {
  name: ProviderName
  /** Most lines one translateBatch call accepts. */
  maxBatch: number
  /** Returns exactly one string per line, in the same order, or throws a ProviderError. */
  translateBatch(input: TranslateBatchInput): Promise<string[]>
}

/**
 * rate_limited: wait (retryAfterMs when known) and retry. retryable: transient, retry.
 * fatal: retrying cannot help (bad key, no balance, bad request). bad_answer: the vendor answered
 * but not one valid translation per line; split the batch and retry.
 */
export type ProviderErrorKind = 'rate_limited' | 'retryable' | 'fatal' | 'bad_answer'

/** A provider failure in our own terms. Rule: its message never carries a key or other vendor secret. */
export class ProviderError extends Error {
  readonly kind: ProviderErrorKind
  readonly provider: ProviderName
  readonly status?: number
  readonly retryAfterMs?: number

  constructor({ provider, kind, message, status, retryAfterMs }: { provider: ProviderName; kind: ProviderErrorKind; message: string; status?: number; retryAfterMs?: number }) {
    super(`${provider}: ${message}`)
    this.name = 'ProviderError'
    this.provider = provider
    this.kind = kind
    this.status = status
    this.retryAfterMs = retryAfterMs
  }
}
