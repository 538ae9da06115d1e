import type { RetryPolicy, Sleep } from '@/lib/provider-calls'
export type ProviderName = 'deepseek' | 'google' | 'mymemory'

/** `speaker`: who says the line, when known (a transcription's speaker); LLM providers read it. */
export type TranslateLine = { id: number; text: string; speaker?: string }

/** A cue shown for meaning only; `translation` is what an earlier batch made of it, when known. */
export type ContextLine = { id: number; text: string; translation?: string; speaker?: string }

/** A glossary entry sent with a batch whose lines contain its term. */
export type GlossaryTerm = { term: string; translation: string }

/** A pass over lines that already have translations (review, condense): the provider and how its requests go. */
export type TranslationPassOptions = {
  provider: TranslateProvider
  glossary?: readonly GlossaryTerm[]
  sourceLanguage?: string
  targetLanguage: string
  retry?: Partial<RetryPolicy>
  /** Requests at once. */
  concurrency?: number
  sleep?: Sleep
  signal?: AbortSignal
}

export type TranslateBatchInput = {
  lines: TranslateLine[]
  /** Cues just before and just after the batch, for meaning only; never translated back. */
  context: { before: ContextLine[]; after: ContextLine[] }
  glossary?: GlossaryTerm[]
  sourceLanguage?: string
  targetLanguage: string
  signal?: AbortSignal
}

/** A translated line sent for review: its source text and the translation made of it. */
export type ReviewLine = { id: number; text: string; translation: string }

export type ReviewBatchInput = Omit<TranslateBatchInput, 'lines'> & { lines: ReviewLine[] }

/** A translation too long for its cue, sent to be shortened to at most `maxChars` visible characters (with its speaker, when known). */
export type CondenseLine = { id: number; text: string; translation: string; maxChars: number; speaker?: string }

export type CondenseBatchInput = Omit<TranslateBatchInput, 'lines' | 'context'> & { lines: CondenseLine[] }

export type TranslateProvider = {
  name: ProviderName
  /** Most lines one translateBatch call accepts (a cap on the budget-sized batch). */
  maxBatch: number
  /** Source tokens one request carries (estimated with estimateTokens); batches are sized by it. */
  batchTokens: number
  /** Whether the provider reads context and glossary (an LLM); others get neither. */
  usesContext: boolean
  /** Requests sharing this key share one rate-limit pause (the same service and account). */
  limitKey: string
  /** Returns exactly one string per line, in the same order, or throws a ProviderError. */
  translateBatch(input: TranslateBatchInput): Promise<string[]>
  /**
   * The review pass, for providers that can look again at their work (an LLM): answers id →
   * corrected translation for only the lines it would correct (an empty map when none), or throws
   * a ProviderError; an answer naming a line not sent, twice, or blank is `bad_answer`.
   */
  reviewBatch?(input: ReviewBatchInput): Promise<Map<number, string>>
  /**
   * Shortening translations that do not fit their cue (an LLM): answers id → shorter translation
   * for every line sent, or throws a ProviderError; a missing, unknown, repeated or blank id is
   * `bad_answer`. An answer still over `maxChars` is the caller's to judge.
   */
  condenseBatch?(input: CondenseBatchInput): Promise<Map<number, string>>
  /** Tokens (source and translation) one condense request carries; larger sets are split. */
  condenseTokens?: number
}

/**
 * rate_limited: wait (retryAfterMs when known) and retry. retryable: transient, retry.
 * fatal: retrying cannot help (bad key, no balance, bad request). bad_answer: the vendor answered
 * but not one valid translation per line; split the batch and retry. refused: the vendor will not
 * translate this content (content filter); split, and hand the refused cue to another provider.
 */
export type ProviderErrorKind = 'rate_limited' | 'retryable' | 'fatal' | 'bad_answer' | 'refused'

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
