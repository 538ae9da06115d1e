import { estimateTokens } from '../tokens'
import { fetchText, kindForStatus, parseJson, parseRetryAfter, redact } from './http'
import { ProviderError, type CondenseLine, type ReviewLine, type TranslateLine, type TranslateProvider } from './types'

export type DeepSeekConfig = { baseUrl: string; apiKey: string; model: string; timeoutMs?: number }

const MAX_TOKENS_CAP = 8192
/** Source tokens per request and cues per request: about 30 to 60 subtitle cues (bench/translate.ts). */
export const DEEPSEEK_BATCH_TOKENS = 1200
export const DEEPSEEK_MAX_CUES = 60
/** Tokens of a condense request (each line's source and translation): a feature film's long lines take a few requests. */
export const DEEPSEEK_CONDENSE_TOKENS = 6000
const MAX_TOKENS_FLOOR = 1024

// The fixed JSON wire format, written once per request and kept short: most of a request is its lines.
export const DEEPSEEK_SYSTEM_PROMPT = [
  'You translate subtitles. The user sends json {"targetLanguage","glossary"?:[{"term","translation"}],"context":{"before":[{"id","text","translation"?}],"after":[{"id","text"}]},"lines":[{"id","text"}]}.',
  'Translate every "lines" text into targetLanguage (zh-CN = Simplified Chinese, zh-HK = Traditional Chinese of Hong Kong).',
  '"context" is for meaning only: never translate or return it; keep names and tone consistent with its translations. Translate glossary terms as given.',
  'Return one item per line, same ids in the same order. Never merge, split, drop or add lines. Keep \\n and tags (<i>, {\\an8}) as they are.',
  'Reply with json only: {"translations":[{"id":17,"text":"..."}]}',
].join('\n')

// Added when lines carry speakers (a transcription): who says each line, so their forms stay consistent.
export const DEEPSEEK_SPEAKER_RULE =
  'A line or context item may carry "speaker" (who says it; never translate or return it): keep each speaker\'s gender, register and forms of address consistent across their lines, and translate identical lines of different speakers each for its speaker.'

// The review pass's request: the same wire format, lines with their translation, and only corrections back.
export const DEEPSEEK_REVIEW_PROMPT = [
  'You review subtitle translations. The user sends json {"targetLanguage","glossary"?:[{"term","translation"}],"context":{"before":[{"id","text","translation"?}],"after":[{"id","text"}]},"lines":[{"id","text","translation"}]}.',
  'Check each "lines" translation against its text: omissions, mistranslations, glossary terms not translated as given, names or terms inconsistent with the context\'s translations.',
  'Return only the lines you would correct, each with its whole corrected translation; leave out the lines that are right (an empty list when all are). "context" is for meaning only: never return it.',
  'Keep \\n and tags (<i>, {\\an8}) as they are. Reply with json only: {"translations":[{"id":17,"text":"..."}]}',
].join('\n')

// Shortening translations too long for their cue: each line with its source, its translation and
// the characters it may take; every line comes back, shorter.
export const DEEPSEEK_CONDENSE_PROMPT = [
  'You shorten subtitle translations that are too long for the time they are on screen. The user sends json {"targetLanguage","glossary"?:[{"term","translation"}],"lines":[{"id","text","translation","maxChars"}]}.',
  'Rewrite each "translation" in targetLanguage in at most maxChars characters (spaces count, line breaks do not), keeping the meaning of its "text": drop fillers, repetitions and what the picture already shows, prefer shorter words and phrasing.',
  'Keep names and glossary terms as given, tags (<i>, {\\an8}) as they are, and a leading dialogue dash. Return every line, same ids in the same order, never merged, split or dropped.',
  'Reply with json only: {"translations":[{"id":17,"text":"..."}]}',
].join('\n')

/** max_tokens ≈ 3× the source estimate (JSON overhead included), at least 1024, at most 8192. */
export function maxTokensFor(lines: TranslateLine[]): number {
  const source = lines.reduce((sum, line) => sum + estimateTokens(line.text) + 8, 16)
  return Math.min(MAX_TOKENS_CAP, Math.max(MAX_TOKENS_FLOOR, source * 3))
}

type ChatAnswer = {
  choices?: { message?: { content?: unknown }; finish_reason?: unknown }[]
  error?: { message?: unknown }
}

/**
 * DeepSeek chat completions in JSON mode. Rule: an answer counts only if it parses and holds
 * exactly the input ids, each with a string (non-empty when the source is); anything else is
 * `bad_answer`, and the output is ordered by id, never by position.
 */
export function createDeepSeekProvider({ baseUrl, apiKey, model, timeoutMs = 120_000 }: DeepSeekConfig): TranslateProvider {
  const url = `${baseUrl.replace(/\/+$/, '')}/chat/completions`
  const fail = (kind: ProviderError['kind'], message: string, extra: { status?: number; retryAfterMs?: number } = {}) =>
    new ProviderError({ provider: 'deepseek', kind, message, ...extra })

  const provider: TranslateProvider = {
    name: 'deepseek',
    maxBatch: DEEPSEEK_MAX_CUES,
    batchTokens: DEEPSEEK_BATCH_TOKENS,
    usesContext: true,
    limitKey: `deepseek:${url}`,
    async translateBatch({ lines, context, glossary = [], targetLanguage, signal }) {
      if (lines.length === 0) return []
      const user = { targetLanguage, ...(glossary.length > 0 ? { glossary } : {}), context, lines }
      const system = lines.some((line) => line.speaker) ? `${DEEPSEEK_SYSTEM_PROMPT}\n${DEEPSEEK_SPEAKER_RULE}` : DEEPSEEK_SYSTEM_PROMPT
      return readTranslations(await chat(system, user, maxTokensFor(lines), signal), lines, fail)
    },
    async reviewBatch({ lines, context, glossary = [], targetLanguage, signal }) {
      if (lines.length === 0) return new Map()
      const user = { targetLanguage, ...(glossary.length > 0 ? { glossary } : {}), context, lines }
      // A correction is a whole translation: room for every line to be answered again.
      const size = maxTokensFor(lines.map((line) => ({ id: line.id, text: line.translation })))
      return readCorrections(await chat(DEEPSEEK_REVIEW_PROMPT, user, size, signal), lines, fail)
    },
    condenseTokens: DEEPSEEK_CONDENSE_TOKENS,
    async condenseBatch({ lines, glossary = [], targetLanguage, signal }) {
      if (lines.length === 0) return new Map()
      const user = { targetLanguage, ...(glossary.length > 0 ? { glossary } : {}), lines }
      const size = maxTokensFor(lines.map((line) => ({ id: line.id, text: line.translation })))
      // A shorter line keeps its speaker's forms, as the translation did.
      const system = lines.some((line) => line.speaker) ? `${DEEPSEEK_CONDENSE_PROMPT}\n${DEEPSEEK_SPEAKER_RULE}` : DEEPSEEK_CONDENSE_PROMPT
      return readCondensed(await chat(system, user, size, signal), lines, fail)
    },
  }
  return provider

  /** One chat completion in JSON mode; answers the message content or throws a ProviderError. */
  async function chat(system: string, user: object, maxTokens: number, signal: AbortSignal | undefined): Promise<string> {
    const body = {
      model,
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: JSON.stringify(user) },
      ],
      response_format: { type: 'json_object' },
      thinking: { type: 'disabled' },
      temperature: 1.3,
      max_tokens: maxTokens,
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
    const answer = parseJson(res.text) as ChatAnswer | undefined
    if (res.status !== 200) {
      const vendor = typeof answer?.error?.message === 'string' ? answer.error.message : 'no error message'
      const retryAfterMs = res.status === 429 ? parseRetryAfter(res.headers) : undefined
      // DeepSeek refuses sensitive text with a 400 "Content Exists Risk": another service may translate it.
      if (res.status === 400 && /content exists risk/i.test(vendor)) throw fail('refused', `HTTP 400: ${vendor}`, { status: 400 })
      throw fail(kindForStatus(res.status), `HTTP ${res.status}: ${redact(vendor, [apiKey])}`, { status: res.status, retryAfterMs })
    }
    const choice = answer?.choices?.[0]
    if (!choice) throw fail('retryable', 'answer was not a chat completion')
    if (choice.finish_reason === 'insufficient_system_resource') throw fail('retryable', 'insufficient system resource')
    if (choice.finish_reason === 'length') throw fail('bad_answer', 'answer cut off (finish_reason length)')
    if (choice.finish_reason === 'content_filter') throw fail('refused', 'answer withheld by the content filter')
    const content = choice.message?.content
    // DeepSeek's JSON mode answers all-space content when it failed to produce JSON: a transient failure.
    if (typeof content !== 'string' || content.trim() === '') throw fail('retryable', 'blank answer')
    return content
  }
}

type Fail = (kind: 'bad_answer', message: string) => ProviderError

/** The answer's `translations` as id → text; a missing list, an item that is not {id, text} or an id answered twice is `bad_answer`. */
function readItems(content: string, fail: Fail): Map<number, string> {
  const parsed = parseJson(content) as { translations?: unknown } | undefined
  if (!parsed || !Array.isArray(parsed.translations)) throw fail('bad_answer', 'answer is not {"translations": [...]}')
  const byId = new Map<number, string>()
  for (const item of parsed.translations as { id?: unknown; text?: unknown }[]) {
    if (typeof item?.id !== 'number' || typeof item.text !== 'string') throw fail('bad_answer', 'translation item is not {id, text}')
    if (byId.has(item.id)) throw fail('bad_answer', `id ${item.id} answered twice`)
    byId.set(item.id, item.text)
  }
  return byId
}

function readTranslations(content: string, lines: TranslateLine[], fail: Fail): string[] {
  const byId = readItems(content, fail)
  if (byId.size !== lines.length) throw fail('bad_answer', `expected ${lines.length} translations, got ${byId.size}`)
  return lines.map((line) => {
    const text = byId.get(line.id)
    if (text === undefined) throw fail('bad_answer', `id ${line.id} missing from the answer`)
    if (text.trim() === '' && line.text.trim() !== '') throw fail('bad_answer', `id ${line.id} answered blank`)
    return text
  })
}

/**
 * A review's answer: only the lines it corrects, checked like a translation (every id one of the
 * lines sent, once, never blank for a line with text). A "correction" equal to the translation
 * sent is no correction and is left out.
 */
function readCorrections(content: string, lines: ReviewLine[], fail: Fail): Map<number, string> {
  const byId = readItems(content, fail)
  const sent = new Map(lines.map((line) => [line.id, line]))
  const corrections = new Map<number, string>()
  for (const [id, text] of byId) {
    const line = sent.get(id)
    if (!line) throw fail('bad_answer', `id ${id} was not sent for review`)
    if (text.trim() === '' && line.text.trim() !== '') throw fail('bad_answer', `id ${id} answered blank`)
    if (text !== line.translation) corrections.set(id, text)
  }
  return corrections
}

/** A condense answer: exactly the lines sent, each once and never blank (a translation's checks), by id. */
function readCondensed(content: string, lines: CondenseLine[], fail: Fail): Map<number, string> {
  const texts = readTranslations(content, lines.map((line) => ({ id: line.id, text: line.translation })), fail)
  return new Map(lines.map((line, i) => [line.id, texts[i]]))
}
