import { maxTokensFor, type DeepSeekConfig } from './deepseek'
import { fetchText, kindForStatus, parseJson, parseRetryAfter, redact } from './http'
import { ProviderError, type ContextLine, type GlossaryTerm } from './types'

/** A line shown to the reviewer: the source and the translation the first pass made. */
export type ReviewLine = { id: number; text: string; translation: string }

export type ReviewBatchInput = {
  lines: ReviewLine[]
  context: { before: ContextLine[]; after: ContextLine[] }
  glossary?: GlossaryTerm[]
  targetLanguage: string
  signal?: AbortSignal
}

export type Reviewer = {
  /** Lines per review request. */
  maxBatch: number
  /** Requests sharing this key share one rate-limit pause with the translation requests. */
  limitKey: string
  /** Only the lines the model would correct, id → corrected text (empty when all stand). */
  reviewBatch(input: ReviewBatchInput): Promise<Map<number, string>>
}

// The review asks for corrections only, in the translation's id-keyed JSON.
export const DEEPSEEK_REVIEW_PROMPT = [
  'You review subtitle translations. The user sends json {"task":"review","targetLanguage","glossary"?:[{"term","translation"}],"context":{"before":[{"id","text","translation"?}],"after":[{"id","text"}]},"lines":[{"id","text","translation"}]}.',
  'Check each translation against its source: omissions, mistranslations, glossary terms not used as given, names inconsistent with earlier lines (context). zh-CN = Simplified Chinese, zh-HK = Traditional Chinese of Hong Kong.',
  'Return ONLY the lines you would correct, with the full corrected translation; leave good lines out. Keep \\n and tags (<i>, {\\an8}) as they are.',
  'Reply with json only: {"translations":[{"id":17,"text":"..."}]} (an empty list when every line is right).',
].join('\n')

/**
 * The DeepSeek review pass. Rule: an answer counts only if it parses as {"translations": [...]}
 * whose items are {id, text} with ids of the batch, each once, and non-blank text; anything else
 * is `bad_answer` (the caller retries, then keeps the first translations).
 */
export function createDeepSeekReviewer({ baseUrl, apiKey, model, timeoutMs = 120_000 }: DeepSeekConfig): Reviewer {
  const url = `${baseUrl.replace(/\/+$/, '')}/chat/completions`
  const fail = (kind: ProviderError['kind'], message: string, extra: { status?: number; retryAfterMs?: number } = {}) => new ProviderError({ provider: 'deepseek', kind, message, ...extra })
  return {
    maxBatch: 40,
    limitKey: `deepseek:${url}`,
    async reviewBatch({ lines, context, glossary = [], targetLanguage, signal }) {
      if (lines.length === 0) return new Map()
      const user = { task: 'review', targetLanguage, ...(glossary.length > 0 ? { glossary } : {}), context, lines }
      const body = {
        model,
        messages: [
          { role: 'system', content: DEEPSEEK_REVIEW_PROMPT },
          { role: 'user', content: JSON.stringify(user) },
        ],
        response_format: { type: 'json_object' },
        thinking: { type: 'disabled' },
        temperature: 1.0,
        max_tokens: maxTokensFor(lines.map((l) => ({ id: l.id, text: `${l.text} ${l.translation}` }))),
        stream: false,
      }
      const res = await fetchText({
        provider: 'deepseek',
        url,
        init: { method: 'POST', headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify(body) },
        timeoutMs,
        signal,
        secrets: [apiKey],
      })
      const answer = parseJson(res.text) as { choices?: { message?: { content?: unknown }; finish_reason?: unknown }[]; error?: { message?: unknown } } | undefined
      if (res.status !== 200) {
        const vendor = typeof answer?.error?.message === 'string' ? answer.error.message : 'no error message'
        throw fail(kindForStatus(res.status), `HTTP ${res.status}: ${redact(vendor, [apiKey])}`, { status: res.status, retryAfterMs: res.status === 429 ? parseRetryAfter(res.headers) : undefined })
      }
      const choice = answer?.choices?.[0]
      if (!choice) throw fail('retryable', 'answer was not a chat completion')
      if (choice.finish_reason === 'length') throw fail('bad_answer', 'answer cut off (finish_reason length)')
      const content = choice.message?.content
      if (typeof content !== 'string' || content.trim() === '') throw fail('retryable', 'blank answer')
      return readCorrections(content, lines, fail)
    },
  }
}

function readCorrections(content: string, lines: ReviewLine[], fail: (kind: 'bad_answer', message: string) => ProviderError): Map<number, string> {
  const parsed = parseJson(content) as { translations?: unknown } | undefined
  if (!parsed || !Array.isArray(parsed.translations)) throw fail('bad_answer', 'answer is not {"translations": [...]}')
  const ids = new Set(lines.map((l) => l.id))
  const out = new Map<number, string>()
  for (const item of parsed.translations as { id?: unknown; text?: unknown }[]) {
    if (typeof item?.id !== 'number' || typeof item.text !== 'string') throw fail('bad_answer', 'correction is not {id, text}')
    if (!ids.has(item.id)) throw fail('bad_answer', `id ${item.id} is not a line of the batch`)
    if (out.has(item.id)) throw fail('bad_answer', `id ${item.id} answered twice`)
    if (item.text.trim() === '') throw fail('bad_answer', `id ${item.id} corrected to blank`)
    out.set(item.id, item.text)
  }
  return out
}
