import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startDeepSeekFake } from '@/fakes/deepseek'
import { startGoogleTranslateFake } from '@/fakes/google-translate'
import type { FakeServer } from '@/fakes/server'
import { translateCues, type CueToTranslate, type TranslatedCue } from './engine'
import { clearPauses } from '@/lib/provider-calls'
import { createDeepSeekProvider } from './providers/deepseek'
import { createGoogleTranslateProvider } from './providers/google'
import { ProviderError, type ContextLine, type TranslateLine } from './providers/types'

const KEY = 'sk-engine-test'
const GOOGLE_KEY = 'g-engine-key'
let fake: FakeServer
let google: FakeServer

beforeAll(async () => {
  fake = await startDeepSeekFake({ apiKey: KEY })
  google = await startGoogleTranslateFake({ apiKey: GOOGLE_KEY })
})
afterAll(async () => {
  await fake.close()
  await google.close()
})
beforeEach(() => {
  for (const server of [fake, google]) {
    server.faults.clear()
    server.faults.delayMs = 0
    server.resetStats()
  }
  clearPauses()
})

type Seen = { lines: TranslateLine[]; before: ContextLine[]; after: ContextLine[]; glossary: { term: string; translation: string }[] }
const requestsSeen = () => fake.stats.log.map((r) => r.data as Seen)

const deepseek = (apiKey = KEY) => createDeepSeekProvider({ baseUrl: fake.url, apiKey, model: 'deepseek-flash' })
const googleProvider = () => createGoogleTranslateProvider({ baseUrl: google.url, apiKey: GOOGLE_KEY })
const makeCues = (count: number): CueToTranslate[] => Array.from({ length: count }, (_, i) => ({ id: i + 1, text: `Cue number ${i + 1}\n<i>line two</i>` }))
// Japanese lines of 15 to 25 characters, all different.
const NAMES = ['ハルカ', 'ソウタ', '田中', '先生', '母さん']
const japaneseCues = (count: number): CueToTranslate[] =>
  Array.from({ length: count }, (_, i) => ({ id: i + 1, text: `${NAMES[i % NAMES.length]}、${i + 1}番目の話はもう終わったの？${'ね'.repeat(i % 7)}` }))
const fast = { attempts: 3, delayMs: 5 }

function expectAllTranslated(result: Map<number, string>, cues: CueToTranslate[], prefix = '[ja] ') {
  expect(result.size).toBe(cues.length)
  for (const cue of cues) expect(result.get(cue.id)).toBe(`${prefix}${cue.text}`)
}

describe('translateCues', () => {
  it('sizes batches by source tokens: 1,000 Japanese cues in at most 25 requests of 30 to 60 cues, each cue once, by id', async () => {
    const cues = japaneseCues(1000)
    const reported: TranslatedCue[] = []
    const result = await translateCues({ provider: deepseek(), cues, targetLanguage: 'en', retry: fast, onBatchDone: (done) => void reported.push(...done) })
    expectAllTranslated(result, cues, '[en] ')
    expect(reported.map((r) => r.id).sort((a, b) => a - b)).toEqual(cues.map((c) => c.id))
    expect(reported.every((r) => r.translatedBy === 'deepseek')).toBe(true)
    expect(fake.stats.requests).toBeLessThanOrEqual(25)
    expect(fake.stats.counters.lines).toBe(1000)
    const seen = requestsSeen()
    for (const request of seen) {
      expect(request.lines.length).toBeGreaterThanOrEqual(30)
      expect(request.lines.length).toBeLessThanOrEqual(60)
    }
    expect(fake.stats.counters.promptChars / 1000).toBeLessThanOrEqual(90)
  })

  it('sends at least 3 context cues on each side where the file has them, and earlier translations of the cues before', async () => {
    const cues = japaneseCues(400)
    await translateCues({ provider: deepseek(), cues, targetLanguage: 'en', concurrency: 2, retry: fast })
    const seen = requestsSeen()
    for (const request of seen) {
      const first = request.lines[0].id
      const last = request.lines[request.lines.length - 1].id
      expect(request.before.length).toBeGreaterThanOrEqual(Math.min(3, first - 1))
      expect(request.after.length).toBeGreaterThanOrEqual(Math.min(3, 400 - last))
      // context is the cues right next to the batch, never its own lines
      if (request.before.length > 0) expect(request.before[request.before.length - 1].id).toBe(first - 1)
      if (request.after.length > 0) expect(request.after[0].id).toBe(last + 1)
    }
    // Batches after the first wave see what the batch before them made of its last cues.
    const withTranslations = seen.filter((r) => r.before.some((c) => c.translation === `[en] ${c.text}`))
    expect(withTranslations.length).toBeGreaterThan(0)
  })

  it('honours the batch-size override', async () => {
    const cues = makeCues(100)
    expectAllTranslated(await translateCues({ provider: deepseek(), cues, targetLanguage: 'ja', batchSize: 10, retry: fast }), cues)
    expect(fake.stats.requests).toBe(10)
  })

  it('sends each distinct text once: 1,000 cues with 100 distinct texts', async () => {
    const cues = Array.from({ length: 1000 }, (_, i) => ({ id: i + 1, text: `Phrase number ${i % 100}${i % 3 === 0 ? '  ' : ''}` }))
    const reported: TranslatedCue[] = []
    const result = await translateCues({ provider: deepseek(), cues, targetLanguage: 'ja', retry: fast, onBatchDone: (done) => void reported.push(...done) })
    const sent = requestsSeen().flatMap((r) => r.lines.map((l) => l.text.trim()))
    expect(sent).toHaveLength(100)
    expect(new Set(sent).size).toBe(100)
    for (const cue of cues) expect(result.get(cue.id)?.trim()).toBe(`[ja] Phrase number ${(cue.id - 1) % 100}`)
    expect(reported.filter((r) => r.translatedBy === 'repeat')).toHaveLength(900)
  })

  it('reuses the translation of an identical line already translated (a resumed task)', async () => {
    const cues = [
      { id: 1, text: 'Run!', translatedText: '逃げろ！' },
      { id: 2, text: 'Run!' },
      { id: 3, text: 'Stop.' },
    ]
    const reported: TranslatedCue[] = []
    await translateCues({ provider: deepseek(), cues, targetLanguage: 'ja', onBatchDone: (done) => void reported.push(...done) })
    expect(reported.sort((a, b) => a.id - b.id)).toEqual([
      { id: 2, translatedText: '逃げろ！', translatedBy: 'repeat' },
      { id: 3, translatedText: '[ja] Stop.', translatedBy: 'deepseek' },
    ])
    expect(fake.stats.counters.lines).toBe(1)
  })

  it('sends glossary entries only with batches whose lines contain the term', async () => {
    const cues = makeCues(200)
    cues[4] = { id: 5, text: 'Ask Haruka about it.' }
    cues[150] = { id: 151, text: 'The Shinkansen leaves at nine.' }
    const glossary = [
      { term: 'haruka', translation: '遥' },
      { term: 'Shinkansen', translation: '新幹線' },
      { term: 'Nowhere', translation: 'どこにも' },
    ]
    await translateCues({ provider: deepseek(), cues, targetLanguage: 'ja', glossary, batchSize: 20, retry: fast })
    const seen = requestsSeen()
    expect(seen).toHaveLength(10)
    for (const request of seen) {
      const ids = request.lines.map((l) => l.id)
      const expected = [...(ids.includes(5) ? [glossary[0]] : []), ...(ids.includes(151) ? [glossary[1]] : [])]
      expect(request.glossary).toEqual(expected)
    }
  })

  it('with 20% of answers failing (429, 5xx, blank, wrong count) every cue still gets exactly its own translation', async () => {
    fake.faults.set({ kind: ['429', '5xx', 'blank', 'wrong_count'], rate: 0.2, retryAfterMs: 5, seed: 7 })
    const cues = makeCues(1000)
    const result = await translateCues({ provider: deepseek(), cues, targetLanguage: 'ja', batchSize: 10, retry: { attempts: 8, delayMs: 5 } })
    expectAllTranslated(result, cues)
    expect(fake.stats.faultsInjected).toBeGreaterThan(10)
  })

  it('splits a batch with a wrong answer down to the cue at fault, never guessing by position', async () => {
    const cues = makeCues(20)
    cues[6] = { id: 7, text: 'Troublesome [[fault:wrong_count*3]]' }
    const result = await translateCues({ provider: deepseek(), cues, targetLanguage: 'ja', batchSize: 10, retry: fast })
    expectAllTranslated(result, cues)
    expect(fake.stats.requests).toBeGreaterThan(4)
  })

  it('a fatal error (401) rejects at once without sending every batch', async () => {
    fake.faults.delayMs = 20
    const error = await translateCues({ provider: deepseek('sk-wrong'), cues: makeCues(500), targetLanguage: 'ja', batchSize: 10, retry: fast, concurrency: 4 }).catch((e) => e)
    expect(error).toBeInstanceOf(ProviderError)
    expect(error.kind).toBe('fatal')
    expect(fake.stats.requests).toBeLessThanOrEqual(4)
  })

  it('rejects once a batch and both its halves keep failing after their retries and no other provider is left', async () => {
    fake.faults.set({ kind: '5xx' })
    const error = await translateCues({ provider: deepseek(), cues: makeCues(5), targetLanguage: 'ja', retry: { attempts: 2, delayMs: 1 } }).catch((e) => e)
    expect(error).toMatchObject({ kind: 'retryable' })
    // The batch, then its two halves (nothing answered, so the provider is down: no further split).
    expect(fake.stats.requests).toBe(9)
    expect(requestsSeen().map((r) => r.lines.length)).toEqual([5, 5, 5, 3, 3, 3, 2, 2, 2])
  })

  it('a cue every provider keeps failing (a 5xx tied to its content) is narrowed down: the other 39 are translated and reported', async () => {
    fake.faults.set({ kind: '5xx', containing: 'Cursed' })
    google.faults.set({ kind: '5xx', containing: 'Cursed' })
    const cues = makeCues(40)
    cues[22] = { id: 23, text: 'Cursed line' }
    const reported: TranslatedCue[] = []
    const error = await translateCues({ provider: deepseek(), fallbacks: [googleProvider()], cues, targetLanguage: 'ja', retry: { attempts: 1, delayMs: 1 }, onBatchDone: (done) => void reported.push(...done) }).catch((e) => e)
    expect(error).toBeInstanceOf(ProviderError)
    expect(error).toMatchObject({ kind: 'retryable', provider: 'google' })
    expect(reported.map((r) => r.id).sort((a, b) => a - b)).toEqual(cues.map((c) => c.id).filter((id) => id !== 23))
    for (const r of reported) expect(r.translatedText).toBe(`[ja] ${cues[r.id - 1].text}`)
    // The cue at fault ends up alone in a request to each provider.
    const alone = requestsSeen().filter((r) => r.lines.length === 1 && r.lines[0].id === 23)
    expect(alone.length).toBeGreaterThan(0)
  })

  it('one batch of 40 with the cue at fault in it: the halves are tried, then the failing half is split down to the cue', async () => {
    fake.faults.set({ kind: '5xx', containing: 'Cursed' })
    const cues = makeCues(40)
    cues[3] = { id: 4, text: 'Cursed line' }
    const reported: TranslatedCue[] = []
    const error = await translateCues({ provider: deepseek(), cues, targetLanguage: 'ja', batchSize: 40, retry: { attempts: 1, delayMs: 1 }, onBatchDone: (done) => void reported.push(...done) }).catch((e) => e)
    expect(error).toMatchObject({ kind: 'retryable', provider: 'deepseek' })
    expect(reported.map((r) => r.id).sort((a, b) => a - b)).toEqual(cues.map((c) => c.id).filter((id) => id !== 4))
  })

  it('after one 429 with Retry-After 3, no request reaches the provider for 3 s, not even from another task', async () => {
    fake.faults.delayMs = 40
    fake.faults.set({ kind: '429', retryAfterMs: 3000, times: 1 })
    const taskA = makeCues(60)
    const taskB = makeCues(60).map((c) => ({ ...c, text: `Other task ${c.text}` }))
    const [a, b] = await Promise.all([
      translateCues({ provider: deepseek(), cues: taskA, targetLanguage: 'ja', batchSize: 5, concurrency: 2, retry: fast }),
      translateCues({ provider: deepseek(), cues: taskB, targetLanguage: 'ja', batchSize: 5, concurrency: 2, retry: fast }),
    ])
    expectAllTranslated(a, taskA)
    expectAllTranslated(b, taskB)
    const log = fake.stats.log
    const limited = log.find((r) => r.status === 429)!
    expect(limited).toBeDefined()
    const answeredAt = limited.answeredAt!
    // Requests already sent when the 429 was answered may still land just after it; none later.
    const raced = log.filter((r) => r.at > answeredAt && r.at < answeredAt + 250)
    expect(raced.length).toBeLessThanOrEqual(3)
    expect(log.filter((r) => r.at >= answeredAt + 250 && r.at < answeredAt + 3000)).toEqual([])
    const resumed = log.filter((r) => r.at >= answeredAt + 3000)
    expect(resumed.length).toBeGreaterThan(10)
    // both tasks resumed after the pause
    const texts = resumed.flatMap((r) => (r.data as Seen).lines.map((l) => l.text))
    expect(texts.some((t) => t.startsWith('Other task'))).toBe(true)
    expect(texts.some((t) => t.startsWith('Cue number'))).toBe(true)
  }, 20_000)

  it('a cue DeepSeek refuses is translated by Google; the rest stays with DeepSeek', async () => {
    const cues = makeCues(80)
    cues[41] = { id: 42, text: 'Something sensitive [[fault:risk]]' }
    cues[10] = { id: 11, text: 'Something withheld [[fault:content_filter]]' }
    const reported: TranslatedCue[] = []
    const result = await translateCues({ provider: deepseek(), fallbacks: [googleProvider()], cues, targetLanguage: 'ja', retry: fast, onBatchDone: (done) => void reported.push(...done) })
    expectAllTranslated(result, cues)
    const by = new Map(reported.map((r) => [r.id, r.translatedBy]))
    expect(by.get(42)).toBe('google')
    expect(by.get(11)).toBe('google')
    expect([...by].filter(([, p]) => p === 'google')).toHaveLength(2)
    expect(google.stats.counters.segments).toBe(2)
  })

  it('a cue DeepSeek keeps answering wrongly goes to Google after its retries', async () => {
    const cues = makeCues(30)
    cues[3] = { id: 4, text: 'Always wrong [[fault:wrong_count]]' }
    const reported: TranslatedCue[] = []
    await translateCues({ provider: deepseek(), fallbacks: [googleProvider()], cues, targetLanguage: 'ja', retry: fast, onBatchDone: (done) => void reported.push(...done) })
    expect(reported.find((r) => r.id === 4)).toEqual({ id: 4, translatedText: '[ja] Always wrong [[fault:wrong_count]]', translatedBy: 'google' })
    expect(reported.filter((r) => r.translatedBy === 'deepseek')).toHaveLength(29)
  })

  it('DeepSeek unavailable after its retries, or refusing the key: every cue goes to Google', async () => {
    fake.faults.set({ kind: '5xx' })
    const cues = makeCues(100)
    const result = await translateCues({ provider: deepseek(), fallbacks: [googleProvider()], cues, targetLanguage: 'ja', retry: { attempts: 1, delayMs: 1 } })
    expectAllTranslated(result, cues)
    expect(google.stats.counters.segments).toBe(100)

    fake.faults.clear()
    fake.resetStats()
    google.resetStats()
    expectAllTranslated(await translateCues({ provider: deepseek('sk-wrong'), fallbacks: [googleProvider()], cues, targetLanguage: 'ja', batchSize: 10, concurrency: 1, retry: fast }), cues)
    // the bad key is found once; later batches go straight to Google
    expect(fake.stats.requests).toBe(1)
    expect(google.stats.counters.segments).toBe(100)
  })

  it('rejects when every provider fails', async () => {
    fake.faults.set({ kind: '5xx' })
    google.faults.set({ kind: '5xx' })
    const error = await translateCues({ provider: deepseek(), fallbacks: [googleProvider()], cues: makeCues(5), targetLanguage: 'ja', retry: { attempts: 1, delayMs: 1 } }).catch((e) => e)
    expect(error).toBeInstanceOf(ProviderError)
    expect(error.provider).toBe('google')
  })

  it('a cue no provider can translate fails the call, but only after every other cue was translated and reported', async () => {
    google.faults.set({ kind: 'blank' })
    const cues = makeCues(150)
    cues[20] = { id: 21, text: 'Nobody translates this [[fault:risk]]' }
    const reported: TranslatedCue[] = []
    const error = await translateCues({ provider: deepseek(), fallbacks: [googleProvider()], cues, targetLanguage: 'ja', batchSize: 50, retry: { attempts: 1, delayMs: 1 }, onBatchDone: (done) => void reported.push(...done) }).catch((e) => e)
    expect(error).toMatchObject({ provider: 'google', kind: 'bad_answer' })
    expect(reported.map((r) => r.id).sort((a, b) => a - b)).toEqual(cues.map((c) => c.id).filter((id) => id !== 21))
  })

  it('resumes: already translated cues are kept and not sent, but still serve as context with their translations', async () => {
    const cues = makeCues(40).map((cue) => (cue.id <= 30 ? { ...cue, translatedText: `done ${cue.id}` } : cue))
    const result = await translateCues({ provider: deepseek(), cues, targetLanguage: 'ja', retry: fast })
    expect(fake.stats.counters.lines).toBe(10)
    const [request] = requestsSeen()
    expect(request.before.at(-1)).toEqual({ id: 30, text: cues[29].text, translation: 'done 30' })
    expect(result.get(5)).toBe('done 5')
    expect(result.get(35)).toBe(`[ja] ${cues[34].text}`)
  })

  it('answers blank cues blank without calling the provider', async () => {
    const cues = [
      { id: 1, text: '' },
      { id: 2, text: '  \n' },
    ]
    const reported: TranslatedCue[] = []
    const result = await translateCues({ provider: deepseek(), cues, targetLanguage: 'ja', onBatchDone: (done) => void reported.push(...done) })
    expect([...result]).toEqual([
      [1, ''],
      [2, ''],
    ])
    expect(reported).toHaveLength(2)
    expect(fake.stats.requests).toBe(0)
  })

  it('never has more requests in flight than the concurrency limit', async () => {
    fake.faults.delayMs = 25
    await translateCues({ provider: deepseek(), cues: makeCues(200), targetLanguage: 'ja', batchSize: 10, concurrency: 3, retry: fast })
    expect(fake.stats.maxInFlight).toBe(3)
  })

  it('stops when the caller aborts', async () => {
    fake.faults.delayMs = 50
    const controller = new AbortController()
    setTimeout(() => controller.abort(new Error('cancelled')), 20)
    await expect(translateCues({ provider: deepseek(), cues: makeCues(100), targetLanguage: 'ja', batchSize: 10, signal: controller.signal })).rejects.toThrow('cancelled')
    expect(fake.stats.requests).toBeLessThanOrEqual(8)
  })

  it("caps the batch at the provider's maxBatch (Google: 128)", async () => {
    const cues = makeCues(300)
    expectAllTranslated(await translateCues({ provider: googleProvider(), cues, targetLanguage: 'ja', batchSize: 500 }), cues)
    expect(google.stats.counters.maxSegments).toBe(128)
  })
})
