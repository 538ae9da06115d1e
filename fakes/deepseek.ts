import type http from 'node:http'
import { condenseLine, translateLine, type CondenseBehaviour, type Expansion } from './deepseek-lengths'
import { readJson, sendJson, sleep, startFakeServer, type FakeContext, type FakeServer } from './server'

/**
 * Per-line fault markers: a line (not a context item) whose text contains `[[fault:KIND]]` makes
 * every request carrying it fail that way; `[[fault:KIND*N]]` fails only the first N requests
 * carrying that line (counted per line id), so a retry or split then succeeds.
 * KIND: 429 | 500 | 503 | blank | wrong_count | length | malformed | keepalive | slow | risk | content_filter.
 * `length` and `malformed` both answer truncated JSON with finish_reason "length"; `keepalive`
 * sends blank lines before the (valid) JSON body, like DeepSeek under load; `risk` is DeepSeek's
 * refusal of sensitive input (HTTP 400 "Content Exists Risk") and `content_filter` a withheld
 * answer (finish_reason "content_filter").
 */
export const DEEPSEEK_FAULT_MARKER = /\[\[fault:(429|500|503|blank|wrong_count|length|malformed|keepalive|slow|risk|content_filter)(?:\*(\d+))?\]\]/

/**
 * Review requests (lines that carry their `translation`) are answered with corrections of only the
 * lines whose text contains `[[review:fix]]`: their translation followed by ` (reviewed)`. A line
 * with `[[review:bogus]]` makes the answer name an id that was not sent (a wrong answer, every time).
 */
export const DEEPSEEK_REVIEW_FIX = '[[review:fix]]'
export const DEEPSEEK_REVIEW_BOGUS = '[[review:bogus]]'

type Line = { id: number; text: string; translation?: string; maxChars?: number }
type ContextItem = { id: number; text: string; translation?: string }
type Mode = '429' | '500' | '503' | 'blank' | 'wrong_count' | 'length' | 'keepalive' | 'slow' | 'risk' | 'content_filter' | 'ok'

const estimateTokens = (chars: number) => Math.ceil(chars / 4)

function openAiError(res: http.ServerResponse, status: number, message: string, type: string, code: string | null, headers = {}) {
  sendJson(res, status, { error: { message, type, param: null, code } }, headers)
}

/**
 * Starts a DeepSeek chat-completions fake. Rule: it translates deterministically to
 * `[${targetLanguage}] ${text}` (newlines and tags kept, empty stays empty) and answers in the
 * fixed JSON wire format; stats count requests, lines, contextItems, promptChars and tokens, and
 * each request's log entry notes its lines, context, glossary and size (promptChars, userChars).
 * With `expansion` a translation runs to a drawn multiple of its source's length (fakes/deepseek-lengths.ts).
 * Condense requests (lines that carry `translation` and `maxChars`) are answered with every line
 * shortened to its `maxChars` (counted as condenseRequests and condenseLines), except stubborn
 * ones (`[[condense:stubborn]]`, or a `condense.missRate` share) that stay about a third over.
 */
export async function startDeepSeekFake({
  apiKey,
  port,
  delayMs,
  expansion,
  condense,
}: {
  apiKey: string
  port?: number
  delayMs?: number
  expansion?: Expansion
  condense?: CondenseBehaviour
}): Promise<FakeServer> {
  const fired = new Map<string, number>()
  let sequence = 0

  function markerMode(lines: Line[]): Mode | undefined {
    for (const line of lines) {
      const match = DEEPSEEK_FAULT_MARKER.exec(line.text)
      if (!match) continue
      const kind = match[1] === 'malformed' ? 'length' : (match[1] as Mode)
      if (match[2] === undefined) return kind
      const key = `${line.id}:${match[0]}`
      const seen = fired.get(key) ?? 0
      if (seen >= Number(match[2])) continue
      fired.set(key, seen + 1)
      return kind
    }
    return undefined
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, ctx: FakeContext) {
    if (req.method !== 'POST' || !['/chat/completions', '/v1/chat/completions'].includes(ctx.url.pathname)) {
      return openAiError(res, 404, 'Not Found', 'invalid_request_error', null)
    }
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      return openAiError(res, 401, 'Authentication Fails, Your api key is invalid', 'authentication_error', 'invalid_request_error')
    }
    let body: Record<string, unknown>
    try {
      body = ((await readJson(req)) ?? {}) as Record<string, unknown>
    } catch {
      return openAiError(res, 400, 'Failed to deserialize the JSON body', 'invalid_request_error', 'invalid_request_error')
    }
    const messages = Array.isArray(body.messages) ? (body.messages as { role?: string; content?: unknown }[]) : undefined
    if (typeof body.model !== 'string' || !messages || messages.some((m) => typeof m.content !== 'string')) {
      return openAiError(res, 400, 'model and messages[{role, content}] are required', 'invalid_request_error', 'invalid_request_error')
    }
    const texts = messages.map((m) => m.content as string)
    const format = body.response_format as { type?: string } | undefined
    if (format?.type === 'json_object' && !texts.some((t) => /json/i.test(t))) {
      return openAiError(res, 400, "Prompt must contain the word 'json' in some form to use 'response_format' of type 'json_object'.", 'invalid_request_error', 'invalid_request_error')
    }
    const user = [...messages].reverse().find((m) => m.role === 'user')
    let payload: { targetLanguage: string; context: { before?: ContextItem[]; after?: ContextItem[] } | ContextItem[]; lines: Line[]; glossary?: { term: string; translation: string }[] }
    try {
      payload = JSON.parse(user?.content as string)
      if (typeof payload.targetLanguage !== 'string' || !Array.isArray(payload.lines)) throw new Error()
    } catch {
      return openAiError(res, 400, 'fake: the user message must be the JSON {targetLanguage, context, lines}', 'invalid_request_error', 'invalid_request_error')
    }
    // context: {before, after}; a plain array is read as cues before the batch.
    const raw = payload.context ?? []
    const before = Array.isArray(raw) ? raw : (raw.before ?? [])
    const after = Array.isArray(raw) ? [] : (raw.after ?? [])
    const glossary = Array.isArray(payload.glossary) ? payload.glossary : []

    const promptChars = texts.reduce((sum, t) => sum + t.length, 0)
    const promptTokens = estimateTokens(promptChars)
    ctx.count('lines', payload.lines.length)
    ctx.count('contextItems', before.length + after.length)
    ctx.count('contextBefore', before.length)
    ctx.count('contextAfter', after.length)
    ctx.count('contextTranslations', before.filter((c) => typeof c.translation === 'string').length)
    ctx.count('glossaryEntries', glossary.length)
    ctx.count('promptChars', promptChars)
    ctx.count('systemChars', messages.filter((m) => m.role === 'system').reduce((sum, m) => sum + (m.content as string).length, 0))
    ctx.count('promptTokens', promptTokens)
    if ((body.thinking as { type?: string } | undefined)?.type !== 'disabled') ctx.count('thinkingEnabled')
    ctx.note({ lines: payload.lines, before, after, glossary, promptChars, userChars: (user?.content as string).length })

    const fromMarker = markerMode(payload.lines)
    if (fromMarker) ctx.noteFault()
    // A `containing` fault also matches a review's or condense's translations, so it can fail those requests alone.
    const fault = await ctx.faultFor(payload.lines.flatMap((l) => (typeof l.translation === 'string' ? [l.text, l.translation] : [l.text])))
    const drawn = fault?.kind
    const mode: Mode =
      fromMarker ??
      (drawn === '5xx' ? ((fault?.roll ?? 0) < 0.5 ? '500' : '503') : drawn === 'malformed' ? 'length' : drawn === 'slow' || !drawn ? 'ok' : drawn)

    if (mode === '429') {
      const waitMs = fault?.retryAfterMs ?? 1000
      // Whole seconds go in Retry-After alone; a finer wait (fast tests) also in retry-after-ms.
      const headers = { 'retry-after': String(Math.ceil(waitMs / 1000)), ...(waitMs % 1000 === 0 ? {} : { 'retry-after-ms': String(waitMs) }) }
      return openAiError(res, 429, 'Rate limit reached for requests', 'rate_limit_error', 'rate_limit_exceeded', headers)
    }
    // DeepSeek's answer to input it will not process.
    if (mode === 'risk') return openAiError(res, 400, 'Content Exists Risk', 'invalid_request_error', 'invalid_request_error')
    if (mode === '500') return openAiError(res, 500, 'The server had an error while processing your request.', 'server_error', null)
    if (mode === '503') return openAiError(res, 503, 'The server is overloaded due to high traffic.', 'server_error', 'server_overloaded')
    if (mode === 'slow') await sleep(2000)

    const isCondense = payload.lines.length > 0 && payload.lines.every((l) => typeof l.translation === 'string' && typeof l.maxChars === 'number')
    const isReview = !isCondense && payload.lines.length > 0 && payload.lines.every((l) => typeof l.translation === 'string')
    if (isReview) ctx.count('reviewRequests')
    if (isReview) ctx.count('reviewLines', payload.lines.length)
    if (isCondense) ctx.count('condenseRequests')
    if (isCondense) ctx.count('condenseLines', payload.lines.length)
    const translations = isCondense
      ? payload.lines.map((l) => ({ id: l.id, text: condenseLine(l as Required<Line>, condense) }))
      : isReview
      ? [
          ...payload.lines.filter((l) => l.text.includes(DEEPSEEK_REVIEW_FIX)).map((l) => ({ id: l.id, text: `${l.translation} (reviewed)` })),
          ...(payload.lines.some((l) => l.text.includes(DEEPSEEK_REVIEW_BOGUS)) ? [{ id: -1, text: 'not a line of this request' }] : []),
        ]
      : payload.lines.map((l) => ({ id: l.id, text: translateLine(l.text, payload.targetLanguage, l.id, expansion) }))
    if (mode === 'wrong_count') translations.splice(Math.floor((fault?.roll ?? 0.99) * translations.length), 1)
    let content = JSON.stringify({ translations })
    let finishReason = 'stop'
    const maxTokens = typeof body.max_tokens === 'number' ? body.max_tokens : 4096
    if (mode === 'blank') content = ' '.repeat(8)
    if (mode === 'content_filter') {
      content = ''
      finishReason = 'content_filter'
    }
    // Cut like a model that ran out of tokens: also what happens when max_tokens is sized too small.
    if (mode === 'length' || estimateTokens(content.length) > maxTokens) {
      content = content.slice(0, mode === 'length' ? Math.floor(content.length / 2) : maxTokens * 4)
      finishReason = 'length'
    }
    const completionTokens = estimateTokens(content.length)
    ctx.count('completionTokens', completionTokens)
    sequence += 1
    const answer = JSON.stringify({
      id: `chatcmpl-fake-${sequence}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content }, logprobs: null, finish_reason: finishReason }],
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
        prompt_cache_hit_tokens: 0,
        prompt_cache_miss_tokens: promptTokens,
      },
    })
    if (mode === 'keepalive') {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('\n\n')
      await sleep(20)
      res.write('\n')
      return void res.end(answer)
    }
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) })
    res.end(answer)
  }

  return startFakeServer({ name: 'deepseek', port, delayMs, handler: handle })
}
