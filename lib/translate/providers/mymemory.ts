import { countProviderRateLimit } from '@/lib/metrics'
import { mapWithConcurrency } from '@/lib/pool'
import { toGoogleLanguage } from './google'
import { fetchText, kindForStatus, parseJson, redact } from './http'
import { decodeHtmlEntities, splitForByteLimit } from './mymemory-text'
import { ProviderError, type TranslateProvider } from './types'

export type MyMemoryConfig = { baseUrl: string; email?: string; timeoutMs?: number; concurrency?: number }

const MAX_QUERY_BYTES = 500

type MyMemoryAnswer = { responseData?: { translatedText?: unknown }; responseStatus?: unknown; quotaFinished?: unknown; responseDetails?: unknown }

/** Reads "NEXT AVAILABLE IN  10 HOURS 05 MINUTES 38 SECONDS" from a quota message, in ms. */
export function parseQuotaWait(text: string): number | undefined {
  const match = /NEXT AVAILABLE IN\s+(?:(\d+)\s+HOURS?)?\s*(?:(\d+)\s+MINUTES?)?\s*(?:(\d+)\s+SECONDS?)?/i.exec(text)
  if (!match || match.slice(1).every((part) => part === undefined)) return undefined
  const [hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0))
  return ((hours * 60 + minutes) * 60 + seconds) * 1000
}

/**
 * MyMemory, the free memory-translation service: one GET per segment. Rule: a q is at most 500
 * UTF-8 bytes (longer text is cut at line/sentence ends and joined back), errors sent as HTTP 200
 * are recognised (responseStatus ≠ 200, quotaFinished, the upper-case messages) and entities are
 * decoded. MyMemory cannot detect the source language, so the caller must pass the language it
 * detected; `auto` or none is a fatal error.
 */
export function createMyMemoryProvider({ baseUrl, email, timeoutMs = 30_000, concurrency = 3 }: MyMemoryConfig): TranslateProvider {
  const root = `${baseUrl.replace(/\/+$/, '')}/get`
  const secrets = [email]
  const fail = (kind: ProviderError['kind'], message: string, extra: { status?: number; retryAfterMs?: number } = {}) =>
    new ProviderError({ provider: 'mymemory', kind, message: redact(message, secrets), ...extra })

  async function query(q: string, langpair: string, signal?: AbortSignal): Promise<string> {
    const params = new URLSearchParams({ q, langpair })
    if (email) params.set('de', email)
    const res = await fetchText({ provider: 'mymemory', url: `${root}?${params}`, init: { method: 'GET' }, timeoutMs, signal, secrets })
    if (res.status !== 200) throw fail(kindForStatus(res.status), `HTTP ${res.status}`, { status: res.status })
    const answer = parseJson(res.text) as MyMemoryAnswer | undefined
    if (!answer || typeof answer !== 'object') throw fail('retryable', 'answer was not JSON')
    const raw = answer.responseData?.translatedText
    const text = typeof raw === 'string' ? raw : ''
    const status = Number(answer.responseStatus)
    if (answer.quotaFinished === true || status === 429 || text.startsWith('MYMEMORY WARNING')) {
      countProviderRateLimit('mymemory')
      throw fail('rate_limited', 'daily free quota used up', { status: 429, retryAfterMs: parseQuotaWait(text) })
    }
    if (/IS AN INVALID (TARGET|SOURCE) LANGUAGE|QUERY LENGTH LIMIT EXCEEDED/.test(text)) throw fail('fatal', text.split('.')[0], { status })
    if (status !== 200) throw fail(kindForStatus(Number.isFinite(status) ? status : 500), `responseStatus ${String(answer.responseStatus)}: ${text.slice(0, 120)}`, { status })
    if (text.trim() === '') throw fail('bad_answer', 'blank translation')
    return decodeHtmlEntities(text)
  }

  async function translateText(text: string, langpair: string, signal?: AbortSignal): Promise<string> {
    if (text.trim() === '') return ''
    let out = ''
    // Pieces of one cue go one after another: they are rare, and order matters when joining.
    for (const piece of splitForByteLimit(text, MAX_QUERY_BYTES)) {
      out += piece.lead + (piece.core ? await query(piece.core, langpair, signal) : '') + piece.trail
    }
    return out
  }

  return {
    name: 'mymemory',
    maxBatch: 10,
    batchTokens: 2000,
    usesContext: false,
    limitKey: `mymemory:${root}`,
    async translateBatch({ lines, sourceLanguage, targetLanguage, signal }) {
      if (!sourceLanguage || sourceLanguage === 'auto') throw fail('fatal', 'MyMemory needs the source language (it cannot detect it); pass the detected language')
      // MyMemory takes the same zh-CN / zh-TW codes as Google.
      const langpair = `${toGoogleLanguage(sourceLanguage)}|${toGoogleLanguage(targetLanguage)}`
      // Siblings stop early once one line fails: the whole batch is retried anyway.
      const local = new AbortController()
      const combined = signal ? AbortSignal.any([signal, local.signal]) : local.signal
      try {
        return await mapWithConcurrency(lines, concurrency, (line) => translateText(line.text, langpair, combined))
      } finally {
        local.abort()
      }
    },
  }
}
