import { describe, expect, it } from 'vitest'
import { startMyMemoryFake } from '@/fakes/mymemory'
import { createMyMemoryProvider, parseQuotaWait } from './mymemory'
import { failure, fakeForTests } from '@/test/provider-fakes'

const fake = await fakeForTests(startMyMemoryFake())

const provider = () => createMyMemoryProvider({ baseUrl: fake.url, email: 'someone@example.com' })

describe('MyMemory provider', () => {
  it('translates one query per line and decodes HTML entities', async () => {
    const lines = [
      { id: 1, text: `It's "fine" & good` },
      { id: 2, text: '' },
      { id: 3, text: 'Bye' },
    ]
    const out = await provider().translateBatch({ lines, context: { before: [], after: [] }, sourceLanguage: 'en', targetLanguage: 'zh-HK' })
    expect(out).toEqual([`[zh-TW] It's "fine" & good`, '', '[zh-TW] Bye'])
    expect(fake.stats.counters).toMatchObject({ queries: 2, withEmail: 2 })
  })

  it('splits text over 500 bytes at sentence and line ends and joins it back', async () => {
    const sentence = 'This sentence is here to make the cue long enough. '
    const english = sentence.repeat(12).trim() + '\n' + sentence.repeat(4).trim()
    const chinese = '这是一个很长的句子，用来测试字节限制。'.repeat(30)
    const out = await provider().translateBatch({
      lines: [
        { id: 1, text: english },
        { id: 2, text: chinese },
      ],
      context: { before: [], after: [] },
      sourceLanguage: 'en',
      targetLanguage: 'ja',
    })
    expect(fake.stats.counters.maxQueryBytes).toBeLessThanOrEqual(500)
    expect(fake.stats.counters.queries).toBeGreaterThan(4)
    // Each piece comes back prefixed; removing the prefixes must give the original text exactly.
    expect(out.map((t) => t.split('[ja] ').join(''))).toEqual([english, chinese])
    expect(out[0].split('\n')).toHaveLength(2)
  })

  it('the daily quota (HTTP 200, responseStatus "429") is rate_limited with the announced wait', async () => {
    fake.faults.set({ kind: '429' })
    const error = await failure(provider().translateBatch({ lines: [{ id: 1, text: 'Hi' }], context: { before: [], after: [] }, sourceLanguage: 'en', targetLanguage: 'ja' }))
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterMs: ((10 * 60 + 5) * 60 + 38) * 1000 })
    expect(parseQuotaWait('NEXT AVAILABLE IN  00 HOURS 00 MINUTES 07 SECONDS')).toBe(7000)
  })

  it('an invalid target language is fatal', async () => {
    const error = await failure(provider().translateBatch({ lines: [{ id: 1, text: 'Hi' }], context: { before: [], after: [] }, sourceLanguage: 'en', targetLanguage: 'xx' }))
    expect(error.kind).toBe('fatal')
    expect(error.message).toContain("'XX' IS AN INVALID TARGET LANGUAGE")
  })

  it('needs the detected source language: auto is fatal without a request', async () => {
    const error = await failure(provider().translateBatch({ lines: [{ id: 1, text: 'Hi' }], context: { before: [], after: [] }, sourceLanguage: 'auto', targetLanguage: 'ja' }))
    expect(error.kind).toBe('fatal')
    expect(fake.stats.requests).toBe(0)
  })

  it.each([
    ['5xx', 'retryable'],
    ['malformed', 'retryable'],
    ['blank', 'bad_answer'],
  ] as const)('fault %s gives %s', async (fault, kind) => {
    fake.faults.set({ kind: fault })
    const error = await failure(provider().translateBatch({ lines: [{ id: 1, text: 'Hi' }], context: { before: [], after: [] }, sourceLanguage: 'en', targetLanguage: 'ja' }))
    expect(error.kind).toBe(kind)
    expect(error.message).not.toContain('someone@example.com')
  })

  it('the fake answers an over-long query as HTTP 200 with responseStatus 403', async () => {
    const res = await fetch(`${fake.url}/get?${new URLSearchParams({ q: 'é'.repeat(251), langpair: 'fr|en' })}`)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ responseStatus: 403, responseData: { translatedText: expect.stringMatching(/^QUERY LENGTH LIMIT EXCEEDED/) } })
  })
})
