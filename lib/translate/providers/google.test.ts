import { describe, expect, it } from 'vitest'
import { startGoogleTranslateFake } from '@/fakes/google-translate'
import { createGoogleTranslateProvider, toGoogleLanguage } from './google'
import { failure, fakeForTests } from '@/test/provider-fakes'

const KEY = 'AIza-test-google-secret'
const fake = await fakeForTests(startGoogleTranslateFake({ apiKey: KEY }))

const provider = (apiKey = KEY) => createGoogleTranslateProvider({ baseUrl: fake.url, apiKey })
const lines = [
  { id: 1, text: "It's <i>fine</i> & \"good\"" },
  { id: 2, text: '' },
  { id: 3, text: 'Two\nlines' },
]

describe('Google Translation v2 provider', () => {
  it('translates in order as plain text (no HTML escaping) and answers blank lines blank', async () => {
    const out = await provider().translateBatch({ lines, context: { before: [], after: [] }, sourceLanguage: 'auto', targetLanguage: 'ja' })
    expect(out).toEqual(["[ja] It's <i>fine</i> & \"good\"", '', '[ja] Two\nlines'])
    expect(fake.stats.counters.segments).toBe(2)
  })

  it('maps our Chinese codes to Google’s', async () => {
    expect(['zh-CN', 'zh-HK', 'zh-TW', 'en', 'ja'].map(toGoogleLanguage)).toEqual(['zh-CN', 'zh-TW', 'zh-TW', 'en', 'ja'])
    expect(await provider().translateBatch({ lines: [{ id: 1, text: 'Hi' }], context: { before: [], after: [] }, targetLanguage: 'zh-HK' })).toEqual(['[zh-TW] Hi'])
  })

  it('never sends more than 128 segments a request', async () => {
    const many = Array.from({ length: 300 }, (_, i) => ({ id: i, text: `Line ${i}` }))
    const out = await provider().translateBatch({ lines: many, context: { before: [], after: [] }, sourceLanguage: 'en', targetLanguage: 'de' })
    expect(out).toEqual(many.map((l) => `[de] ${l.text}`))
    expect(fake.stats.requests).toBe(3)
    expect(fake.stats.counters.maxSegments).toBe(128)
  })

  it('a wrong key is fatal and the message does not carry it', async () => {
    const error = await failure(provider('AIza-wrong-secret').translateBatch({ lines, context: { before: [], after: [] }, targetLanguage: 'ja' }))
    expect(error).toMatchObject({ kind: 'fatal', status: 400 })
    expect(error.message).not.toContain('AIza-wrong-secret')
    expect(error.message).toContain('API key not valid')
  })

  it.each([
    ['429', 'rate_limited'],
    ['5xx', 'retryable'],
    ['malformed', 'retryable'],
    ['blank', 'bad_answer'],
    ['wrong_count', 'bad_answer'],
  ] as const)('fault %s gives %s', async (fault, kind) => {
    fake.faults.set({ kind: fault })
    expect((await failure(provider().translateBatch({ lines, context: { before: [], after: [] }, targetLanguage: 'ja' }))).kind).toBe(kind)
  })

  it('the fake refuses more than 128 segments, like Google', async () => {
    const res = await fetch(`${fake.url}/language/translate/v2?key=${KEY}`, {
      method: 'POST',
      body: JSON.stringify({ q: Array.from({ length: 129 }, () => 'x'), target: 'de', format: 'text' }),
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ error: { code: 400, message: 'Too many text segments', status: 'INVALID_ARGUMENT' } })
  })

  it('the fake escapes output in html format, its default', async () => {
    const res = await fetch(`${fake.url}/language/translate/v2?key=${KEY}`, { method: 'POST', body: JSON.stringify({ q: "It's", target: 'de' }) })
    expect(await res.json()).toEqual({ data: { translations: [{ translatedText: '[de] It&#39;s', detectedSourceLanguage: 'en' }] } })
  })
})
