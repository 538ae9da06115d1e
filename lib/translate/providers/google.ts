import { fetchText, kindForStatus, parseJson, redact } from './http'
import { ProviderError, type TranslateProvider } from './types'

export type GoogleTranslateConfig = { baseUrl: string; apiKey: string; timeoutMs?: number }

const MAX_SEGMENTS = 128
// Google's hard cap is 100K bytes a request; stay clear of it.
const MAX_BYTES = 90_000
const RATE_REASONS = new Set(['userRateLimitExceeded', 'rateLimitExceeded', 'dailyLimitExceeded', 'quotaExceeded'])

/** Our language codes → Google's. Rule: zh-HK (and zh-TW) → zh-TW, zh and zh-CN → zh-CN, others unchanged. */
export function toGoogleLanguage(code: string): string {
  if (code === 'zh-HK' || code === 'zh-TW') return 'zh-TW'
  if (code === 'zh' || code === 'zh-CN') return 'zh-CN'
  return code
}

type GoogleAnswer = {
  data?: { translations?: { translatedText?: unknown }[] }
  error?: { message?: unknown; status?: unknown; errors?: { reason?: unknown }[] }
}

/** Splits segments into requests of at most 128 segments and MAX_BYTES bytes, keeping order. */
function chunkSegments(texts: string[]): string[][] {
  const chunks: string[][] = []
  let current: string[] = []
  let bytes = 0
  for (const text of texts) {
    const size = Buffer.byteLength(text)
    if (current.length > 0 && (current.length >= MAX_SEGMENTS || bytes + size > MAX_BYTES)) {
      chunks.push(current)
      current = []
      bytes = 0
    }
    current.push(text)
    bytes += size
  }
  if (current.length > 0) chunks.push(current)
  return chunks
}

/**
 * Google Cloud Translation v2 (Basic). Rule: always `format: "text"` (html would escape the
 * output), never more than 128 segments a request, source omitted when it is `auto` so Google
 * detects it; blank source lines are answered blank without being sent.
 */
export function createGoogleTranslateProvider({ baseUrl, apiKey, timeoutMs = 60_000 }: GoogleTranslateConfig): TranslateProvider {
  const url = `${baseUrl.replace(/\/+$/, '')}/language/translate/v2?key=${encodeURIComponent(apiKey)}`
  const fail = (kind: ProviderError['kind'], message: string, status?: number) => new ProviderError({ provider: 'google', kind, message, status })

  async function request(q: string[], target: string, source: string | undefined, signal?: AbortSignal): Promise<string[]> {
    const res = await fetchText({
      provider: 'google',
      url,
      init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ q, target, format: 'text', ...(source ? { source } : {}) }) },
      timeoutMs,
      signal,
      secrets: [apiKey],
    })
    const answer = parseJson(res.text) as GoogleAnswer | undefined
    if (res.status !== 200) {
      const reason = answer?.error?.errors?.[0]?.reason
      const isRate = res.status === 429 || answer?.error?.status === 'RESOURCE_EXHAUSTED' || RATE_REASONS.has(String(reason))
      const vendor = typeof answer?.error?.message === 'string' ? answer.error.message : 'no error message'
      throw fail(isRate ? 'rate_limited' : kindForStatus(res.status), `HTTP ${res.status}: ${redact(vendor, [apiKey])}`, res.status)
    }
    if (!answer) throw fail('retryable', 'answer was not JSON')
    const translations = answer.data?.translations
    if (!Array.isArray(translations) || translations.length !== q.length) {
      throw fail('bad_answer', `expected ${q.length} translations, got ${Array.isArray(translations) ? translations.length : 'none'}`)
    }
    return translations.map((item, index) => {
      if (typeof item?.translatedText !== 'string' || item.translatedText.trim() === '') throw fail('bad_answer', `segment ${index} answered blank`)
      return item.translatedText
    })
  }

  return {
    name: 'google',
    maxBatch: MAX_SEGMENTS,
    // About a third of the byte cap in tokens: a CJK token is three UTF-8 bytes.
    batchTokens: 25_000,
    usesContext: false,
    limitKey: `google:${baseUrl}`,
    async translateBatch({ lines, sourceLanguage, targetLanguage, signal }) {
      const target = toGoogleLanguage(targetLanguage)
      const source = sourceLanguage && sourceLanguage !== 'auto' ? toGoogleLanguage(sourceLanguage) : undefined
      const toSend = lines.filter((line) => line.text.trim() !== '')
      const answers: string[] = []
      for (const chunk of chunkSegments(toSend.map((line) => line.text))) answers.push(...(await request(chunk, target, source, signal)))
      const byLine = new Map(toSend.map((line, index) => [line, answers[index]]))
      return lines.map((line) => byLine.get(line) ?? '')
    },
  }
}
