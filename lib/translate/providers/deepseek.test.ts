import { describe, expect, it } from 'vitest'
import { startDeepSeekFake } from '@/fakes/deepseek'
import { readJson, sendJson, startFakeServer } from '@/fakes/server'
import { createDeepSeekProvider, maxTokensFor } from './deepseek'
import { ProviderError } from './types'
import { failure, fakeForTests } from '@/test/provider-fakes'

const KEY = 'sk-test-deepseek-secret'
const fake = await fakeForTests(startDeepSeekFake({ apiKey: KEY }))

const provider = (overrides: { apiKey?: string; timeoutMs?: number; baseUrl?: string } = {}) =>
  createDeepSeekProvider({ baseUrl: fake.url, apiKey: KEY, model: 'deepseek-flash', ...overrides })

const lines = [
  { id: 17, text: 'Where are you going?' },
  { id: 18, text: "Home.\n<i>I'm tired.</i>" },
]
const context = {
  before: [
    { id: 15, text: 'Hello.', translation: 'こんにちは。' },
    { id: 16, text: 'Hi.' },
  ],
  after: [{ id: 19, text: 'Good night.' }],
}

describe('DeepSeek provider', () => {
  it('translates one string per line, keeping newlines and tags, and sends context and the key', async () => {
    const out = await provider().translateBatch({ lines, context, targetLanguage: 'ja' })
    expect(out).toEqual(['[ja] Where are you going?', "[ja] Home.\n<i>I'm tired.</i>"])
    expect(fake.stats.requests).toBe(1)
    expect(fake.stats.counters).toMatchObject({ lines: 2, contextBefore: 2, contextAfter: 1 })
    // thinking disabled: the fake counts requests that leave it on
    expect(fake.stats.counters.thinkingEnabled).toBeUndefined()
  })

  it('sends the glossary only when entries apply', async () => {
    await provider().translateBatch({ lines, context, glossary: [{ term: 'Home', translation: '家' }], targetLanguage: 'ja' })
    await provider().translateBatch({ lines, context, glossary: [], targetLanguage: 'ja' })
    expect(fake.stats.log.map((r) => (r.data as { glossary: unknown[] }).glossary)).toEqual([[{ term: 'Home', translation: '家' }], []])
  })

  it('sizes max_tokens at about 3x the source, with a floor and a cap', () => {
    expect(maxTokensFor(lines)).toBe(1024)
    expect(maxTokensFor([{ id: 1, text: 'x'.repeat(3000) }])).toBe(3072)
    expect(maxTokensFor([{ id: 1, text: '字'.repeat(9000) }])).toBe(8192)
  })

  it('a wrong key is fatal, and the message does not carry the key', async () => {
    const error = await failure(provider({ apiKey: 'sk-wrong-secret' }).translateBatch({ lines, context: { before: [], after: [] }, targetLanguage: 'ja' }))
    expect(error).toMatchObject({ kind: 'fatal', status: 401 })
    expect(error.message).not.toContain('sk-wrong-secret')
  })

  it('429 is rate_limited with the retry-after the server asked for', async () => {
    fake.faults.set({ kind: '429', retryAfterMs: 1500 })
    const error = await failure(provider().translateBatch({ lines, context, targetLanguage: 'ja' }))
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429, retryAfterMs: 1500 })
  })

  it.each([
    ['[[fault:500]]', 'retryable'],
    ['[[fault:503]]', 'retryable'],
    ['[[fault:blank]]', 'retryable'],
    ['[[fault:wrong_count]]', 'bad_answer'],
    ['[[fault:length]]', 'bad_answer'],
    ['[[fault:malformed]]', 'bad_answer'],
    ['[[fault:429]]', 'rate_limited'],
    ['[[fault:risk]]', 'refused'],
    ['[[fault:content_filter]]', 'refused'],
  ])('marker %s gives %s', async (marker, kind) => {
    const marked = [lines[0], { id: 18, text: `Home. ${marker}` }]
    const error = await failure(provider().translateBatch({ lines: marked, context, targetLanguage: 'ja' }))
    expect(error.kind).toBe(kind)
  })

  it.each([
    ['5xx', 'retryable'],
    ['blank', 'retryable'],
    ['wrong_count', 'bad_answer'],
    ['malformed', 'bad_answer'],
  ] as const)('fault %s gives %s', async (fault, kind) => {
    fake.faults.set({ kind: fault })
    expect((await failure(provider().translateBatch({ lines, context, targetLanguage: 'ja' }))).kind).toBe(kind)
  })

  it('a marker with *N fails only the first N requests', async () => {
    const marked = [{ id: 1, text: 'Hi [[fault:503*1]]' }]
    expect((await failure(provider().translateBatch({ lines: marked, context: { before: [], after: [] }, targetLanguage: 'de' }))).kind).toBe('retryable')
    expect(await provider().translateBatch({ lines: marked, context: { before: [], after: [] }, targetLanguage: 'de' })).toEqual(['[de] Hi [[fault:503*1]]'])
  })

  it('accepts leading blank lines sent while the server is busy', async () => {
    const out = await provider().translateBatch({ lines: [{ id: 1, text: 'Hi [[fault:keepalive]]' }], context: { before: [], after: [] }, targetLanguage: 'fr' })
    expect(out).toEqual(['[fr] Hi [[fault:keepalive]]'])
  })

  it('a slow answer past the timeout is retryable; an unreachable server too', async () => {
    fake.faults.set({ kind: 'slow', delayMs: 1000 })
    expect((await failure(provider({ timeoutMs: 150 }).translateBatch({ lines, context, targetLanguage: 'ja' }))).kind).toBe('retryable')
    const closed = await startDeepSeekFake({ apiKey: KEY })
    await closed.close()
    expect((await failure(provider({ baseUrl: closed.url }).translateBatch({ lines, context, targetLanguage: 'ja' }))).kind).toBe('retryable')
  })

  it("the caller's abort is rethrown as is, not as a ProviderError", async () => {
    fake.faults.set({ kind: 'slow', delayMs: 1000 })
    const controller = new AbortController()
    const run = provider().translateBatch({ lines, context, targetLanguage: 'ja', signal: controller.signal })
    setTimeout(() => controller.abort(), 30)
    const error = await run.then(() => undefined, (e: unknown) => e)
    expect(error).not.toBeInstanceOf(ProviderError)
    expect((error as Error).name).toBe('AbortError')
  })

  it.each([
    [400, 'fatal'],
    [402, 'fatal'],
    [422, 'fatal'],
    [500, 'retryable'],
  ])('HTTP %i is %s', async (status, kind) => {
    const vendor = await startFakeServer({ name: 'status', handler: (_req, res) => sendJson(res, status, { error: { message: `Bad ${KEY}` } }) })
    try {
      const error = await failure(provider({ baseUrl: vendor.url }).translateBatch({ lines, context, targetLanguage: 'ja' }))
      expect(error.kind).toBe(kind)
      expect(error.message).not.toContain(KEY)
    } finally {
      await vendor.close()
    }
  })

  it('sends the fixed JSON wire format and orders the answer by id', async () => {
    let seen: { path?: string; auth?: string; body?: Record<string, unknown> } = {}
    const vendor = await startFakeServer({
      name: 'capture',
      handler: async (req, res, ctx) => {
        seen = { path: ctx.url.pathname, auth: req.headers.authorization, body: (await readJson(req)) as Record<string, unknown> }
        // Out of order on purpose: the provider must match by id, never by position.
        const content = JSON.stringify({ translations: [{ id: 18, text: 'B' }, { id: 17, text: 'A' }] })
        sendJson(res, 200, { choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] })
      },
    })
    try {
      const out = await createDeepSeekProvider({ baseUrl: `${vendor.url}/`, apiKey: KEY, model: 'deepseek-v4-pro' }).translateBatch({ lines, context, targetLanguage: 'ja' })
      expect(out).toEqual(['A', 'B'])
    } finally {
      await vendor.close()
    }
    expect(seen.path).toBe('/chat/completions')
    expect(seen.auth).toBe(`Bearer ${KEY}`)
    const body = seen.body as { model: string; messages: { role: string; content: string }[]; response_format: unknown; thinking: unknown }
    expect(body.model).toBe('deepseek-v4-pro')
    expect(body.response_format).toEqual({ type: 'json_object' })
    expect(body.thinking).toEqual({ type: 'disabled' })
    expect(body.messages.map((m) => m.role)).toEqual(['system', 'user'])
    const rules = body.messages[0].content
    for (const rule of ['Translate every "lines" text into targetLanguage', 'never translate or return it', 'one item per line', 'same ids in the same order', 'Never merge, split', 'tags', 'json only', '{"translations":[{"id":17']) {
      expect(rules).toContain(rule)
    }
    // The rules are written once per request and kept short: the lines are most of a request.
    expect(rules.length).toBeLessThan(700)
    expect(Object.keys(JSON.parse(body.messages[1].content))).toEqual(['targetLanguage', 'context', 'lines'])
    expect(JSON.parse(body.messages[1].content)).toEqual({ targetLanguage: 'ja', context, lines })
  })

  it('rejects answers with a wrong, duplicated or blank id', async () => {
    const answers = [
      { translations: [{ id: 17, text: 'a' }, { id: 99, text: 'b' }] },
      { translations: [{ id: 17, text: 'a' }, { id: 17, text: 'b' }] },
      { translations: [{ id: 17, text: 'a' }, { id: 18, text: '  ' }] },
      { translations: [{ id: 17, text: 'a' }, { id: 18, text: 5 }] },
      { lines: [] },
    ]
    for (const content of answers) {
      const vendor = await startFakeServer({
        name: 'scripted',
        handler: (_req, res) => sendJson(res, 200, { choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(content) }, finish_reason: 'stop' }] }),
      })
      try {
        expect((await failure(provider({ baseUrl: vendor.url }).translateBatch({ lines, context, targetLanguage: 'ja' }))).kind).toBe('bad_answer')
      } finally {
        await vendor.close()
      }
    }
  })
})
