import { describe, expect, it } from 'vitest'
import { DEEPSEEK_REVIEW_BOGUS, DEEPSEEK_REVIEW_FIX, startDeepSeekFake } from '@/fakes/deepseek'
import { startGoogleTranslateFake } from '@/fakes/google-translate'
import { readJson, sendJson, startFakeServer } from '@/fakes/server'
import { translateCues, type TranslatedCue } from './engine'
import { createDeepSeekProvider } from './providers/deepseek'
import { createGoogleTranslateProvider } from './providers/google'
import { ProviderError, type ReviewLine } from './providers/types'
import { reviewTranslations } from './review'
import { fakeForTests } from '@/test/provider-fakes'

const KEY = 'sk-review-test'
const fake = await fakeForTests(startDeepSeekFake({ apiKey: KEY }))
const google = await fakeForTests(startGoogleTranslateFake({ apiKey: 'g-review' }))

const deepseek = (baseUrl = fake.url) => createDeepSeekProvider({ baseUrl, apiKey: KEY, model: 'deepseek-flash' })
const fast = { attempts: 2, delayMs: 5 }
const noSleep = async () => {}
const lines: ReviewLine[] = [
  { id: 4, text: 'Where is Haruka?', translation: 'ハルカはどこ？' },
  { id: 5, text: `Gone home. ${DEEPSEEK_REVIEW_FIX}`, translation: '帰った。' },
]

describe('DeepSeek review request', () => {
  it('sends lines with their translations, the glossary and context, and answers only the corrected lines', async () => {
    const out = await deepseek().reviewBatch!({
      lines,
      context: { before: [{ id: 3, text: 'Hello.', translation: 'こんにちは。' }], after: [] },
      glossary: [{ term: 'Haruka', translation: 'ハルカ' }],
      targetLanguage: 'ja',
    })
    expect([...out]).toEqual([[5, '帰った。 (reviewed)']])
    expect(fake.stats.counters).toMatchObject({ reviewRequests: 1, reviewLines: 2, glossaryEntries: 1, contextBefore: 1 })
    expect((fake.stats.log[0].data as { lines: ReviewLine[] }).lines).toEqual(lines)
  })

  it('asks, in its system prompt, for corrections only, in the id-keyed JSON', async () => {
    let seen: { messages: { role: string; content: string }[] } | undefined
    const vendor = await startFakeServer({
      name: 'capture',
      handler: async (req, res) => {
        seen = (await readJson(req)) as typeof seen
        sendJson(res, 200, { choices: [{ index: 0, message: { role: 'assistant', content: '{"translations":[]}' }, finish_reason: 'stop' }] })
      },
    })
    try {
      expect((await deepseek(vendor.url).reviewBatch!({ lines, context: { before: [], after: [] }, targetLanguage: 'ja' })).size).toBe(0)
    } finally {
      await vendor.close()
    }
    const rules = seen!.messages[0].content
    for (const rule of ['review subtitle translations', 'omissions, mistranslations, glossary terms', 'names or terms inconsistent', 'Return only the lines you would correct', '{"translations":[{"id":17']) {
      expect(rules).toContain(rule)
    }
    expect(JSON.parse(seen!.messages[1].content)).toEqual({ targetLanguage: 'ja', context: { before: [], after: [] }, lines })
  })

  it('checks the answer like a translation: an id not sent, twice, or blank is a wrong answer; an unchanged line is no correction', async () => {
    const answers: [unknown, string | Map<number, string>][] = [
      [{ translations: [{ id: 99, text: 'x' }] }, 'bad_answer'],
      [{ translations: [{ id: 5, text: 'a' }, { id: 5, text: 'b' }] }, 'bad_answer'],
      [{ translations: [{ id: 5, text: ' ' }] }, 'bad_answer'],
      [{ translations: [{ id: 5, text: 3 }] }, 'bad_answer'],
      [{ corrections: [] }, 'bad_answer'],
      [{ translations: [{ id: 4, text: 'ハルカはどこ？' }, { id: 5, text: '家に帰った。' }] }, new Map([[5, '家に帰った。']])],
    ]
    for (const [content, expected] of answers) {
      const vendor = await startFakeServer({
        name: 'scripted',
        handler: (_req, res) => sendJson(res, 200, { choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(content) }, finish_reason: 'stop' }] }),
      })
      try {
        const result = await deepseek(vendor.url)
          .reviewBatch!({ lines, context: { before: [], after: [] }, targetLanguage: 'ja' })
          .then((map) => map, (e: unknown) => (e instanceof ProviderError ? e.kind : e))
        expect(result).toEqual(expected)
      } finally {
        await vendor.close()
      }
    }
  })

  it('reviewTranslations retries a wrong answer and gives up with null, never throwing a provider error', async () => {
    const bogus = [{ id: 1, text: `Hi ${DEEPSEEK_REVIEW_BOGUS}`, translation: 'やあ' }]
    expect(await reviewTranslations({ provider: deepseek(), lines: bogus, context: { before: [], after: [] }, targetLanguage: 'ja', retry: fast, sleep: noSleep })).toBeNull()
    expect(fake.stats.counters.reviewRequests).toBe(3)
    // A provider that cannot review answers null without a request.
    const googleProvider = createGoogleTranslateProvider({ baseUrl: google.url, apiKey: 'g-review' })
    expect(await reviewTranslations({ provider: googleProvider, lines: bogus, context: { before: [], after: [] }, targetLanguage: 'ja', retry: fast, sleep: noSleep })).toBeNull()
  })
})

describe('translateCues with the review pass', () => {
  const cues = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, text: `Line ${i + 1}${i === 2 || i === 8 ? ` ${DEEPSEEK_REVIEW_FIX}` : ''}` }))

  it('corrects the two marked lines, keeps their first translation, and leaves the others as translated', async () => {
    const reported: TranslatedCue[] = []
    const result = await translateCues({ provider: deepseek(), cues, targetLanguage: 'de', batchSize: 6, concurrency: 2, retry: fast, review: true, onBatchDone: (d) => void reported.push(...d) })
    const corrected = reported.filter((r) => r.review === 'corrected')
    expect(corrected.map((r) => r.id).sort((a, b) => a - b)).toEqual([3, 9])
    for (const r of corrected) {
      expect(r.firstTranslation).toBe(`[de] ${cues[r.id - 1].text}`)
      expect(r.translatedText).toBe(`[de] ${cues[r.id - 1].text} (reviewed)`)
      expect(result.get(r.id)).toBe(r.translatedText)
    }
    const others = reported.filter((r) => r.review !== 'corrected')
    expect(others).toHaveLength(10)
    for (const r of others) expect(r).toEqual({ id: r.id, translatedText: `[de] ${cues[r.id - 1].text}`, translatedBy: 'deepseek', review: 'unchanged' })
    // One review request per translated batch.
    expect(fake.stats.counters.reviewRequests).toBe(2)
    expect(fake.stats.counters.reviewLines).toBe(12)
  })

  it('without the option sends no review request and reports no review outcome', async () => {
    const reported: TranslatedCue[] = []
    await translateCues({ provider: deepseek(), cues, targetLanguage: 'de', retry: fast, onBatchDone: (d) => void reported.push(...d) })
    expect(fake.stats.counters.reviewRequests).toBeUndefined()
    expect(reported.every((r) => r.review === undefined && r.firstTranslation === undefined)).toBe(true)
  })

  it('a review that keeps failing leaves its batch as translated, marked failed, and the call succeeds', async () => {
    const marked = cues.map((c) => (c.id === 2 ? { ...c, text: `Line 2 ${DEEPSEEK_REVIEW_BOGUS}` } : c))
    const reported: TranslatedCue[] = []
    const result = await translateCues({ provider: deepseek(), cues: marked, targetLanguage: 'de', batchSize: 6, concurrency: 1, retry: fast, review: true, onBatchDone: (d) => void reported.push(...d) })
    expect(result.size).toBe(12)
    const byId = new Map(reported.map((r) => [r.id, r]))
    for (let id = 1; id <= 6; id++) expect(byId.get(id)).toMatchObject({ review: 'failed', translatedText: `[de] ${marked[id - 1].text}` })
    expect(byId.get(9)).toMatchObject({ review: 'corrected' })
  })
})
