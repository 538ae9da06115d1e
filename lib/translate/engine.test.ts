import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startDeepSeekFake } from '@/fakes/deepseek'
import { startGoogleTranslateFake } from '@/fakes/google-translate'
import type { FakeServer } from '@/fakes/server'
import { translateCues, type CueToTranslate, type TranslatedCue } from './engine'
import { createDeepSeekProvider } from './providers/deepseek'
import { createGoogleTranslateProvider } from './providers/google'
import { ProviderError } from './providers/types'

const KEY = 'sk-engine-test'
let fake: FakeServer

beforeAll(async () => {
  fake = await startDeepSeekFake({ apiKey: KEY })
})
afterAll(() => fake.close())
beforeEach(() => {
  fake.faults.clear()
  fake.faults.delayMs = 0
  fake.resetStats()
})

const deepseek = (apiKey = KEY) => createDeepSeekProvider({ baseUrl: fake.url, apiKey, model: 'deepseek-flash' })
const makeCues = (count: number): CueToTranslate[] => Array.from({ length: count }, (_, i) => ({ id: i + 1, text: `Cue number ${i + 1}\n<i>line two</i>` }))
const fast = { attempts: 3, delayMs: 5 }

function expectAllTranslated(result: Map<number, string>, cues: CueToTranslate[]) {
  expect(result.size).toBe(cues.length)
  for (const cue of cues) expect(result.get(cue.id)).toBe(`[ja] ${cue.text}`)
}

describe('translateCues', () => {
  it('translates 1,000 cues in batches, each with its own id, and reports every cue once', async () => {
    const cues = makeCues(1000)
    const reported: TranslatedCue[] = []
    const result = await translateCues({ provider: deepseek(), cues, targetLanguage: 'ja', retry: fast, onBatchDone: (done) => void reported.push(...done) })
    expectAllTranslated(result, cues)
    expect(reported.map((r) => r.id).sort((a, b) => a - b)).toEqual(cues.map((c) => c.id))
    expect(fake.stats.requests).toBe(100)
    // every batch but the first carries the two cues before it
    expect(fake.stats.counters).toMatchObject({ lines: 1000, contextItems: 99 * 2 })
  })

  it('with 20% of answers failing (429, 5xx, blank, wrong count) every cue still gets exactly its own translation', async () => {
    fake.faults.set({ kind: ['429', '5xx', 'blank', 'wrong_count'], rate: 0.2, retryAfterMs: 5, seed: 7 })
    const cues = makeCues(1000)
    const result = await translateCues({ provider: deepseek(), cues, targetLanguage: 'ja', retry: { attempts: 8, delayMs: 5 } })
    expectAllTranslated(result, cues)
    expect(fake.stats.faultsInjected).toBeGreaterThan(10)
  })

  it('splits a batch with a wrong answer down to the cue at fault, never guessing by position', async () => {
    const cues = makeCues(20)
    cues[6] = { id: 7, text: 'Troublesome [[fault:wrong_count*3]]' }
    const result = await translateCues({ provider: deepseek(), cues, targetLanguage: 'ja', retry: fast })
    expectAllTranslated(result, cues)
    // 2 batches + halves (5) + quarters (3) + the single cue, retried once
    expect(fake.stats.requests).toBeGreaterThan(4)
  })

  it('a fatal error (401) rejects at once without sending every batch', async () => {
    fake.faults.delayMs = 20
    const error = await translateCues({ provider: deepseek('sk-wrong'), cues: makeCues(500), targetLanguage: 'ja', retry: fast, concurrency: 4 }).catch((e) => e)
    expect(error).toBeInstanceOf(ProviderError)
    expect(error.kind).toBe('fatal')
    expect(fake.stats.requests).toBeLessThanOrEqual(4)
  })

  it('rejects once a batch keeps failing after its retries', async () => {
    fake.faults.set({ kind: '5xx' })
    const error = await translateCues({ provider: deepseek(), cues: makeCues(5), targetLanguage: 'ja', retry: { attempts: 2, delayMs: 1 } }).catch((e) => e)
    expect(error).toMatchObject({ kind: 'retryable' })
    expect(fake.stats.requests).toBe(3)
  })

  it('waits max(retry-after, delay·2ⁿ) on rate limits', async () => {
    fake.faults.set({ kind: '429', retryAfterMs: 40, times: 3 })
    const waits: number[] = []
    const sleep = (ms: number) => (waits.push(ms), Promise.resolve())
    await translateCues({ provider: deepseek(), cues: makeCues(3), targetLanguage: 'ja', retry: { attempts: 3, delayMs: 10 }, sleep })
    expect(waits).toEqual([40, 40, 40])
    fake.faults.set({ kind: '429', retryAfterMs: 5, times: 3 })
    waits.length = 0
    await translateCues({ provider: deepseek(), cues: makeCues(3), targetLanguage: 'ja', retry: { attempts: 3, delayMs: 10 }, sleep })
    expect(waits).toEqual([10, 20, 40])
  })

  it('resumes: already translated cues are kept and not sent, but still serve as context', async () => {
    const cues = makeCues(40).map((cue) => (cue.id <= 30 ? { ...cue, translatedText: `done ${cue.id}` } : cue))
    const result = await translateCues({ provider: deepseek(), cues, targetLanguage: 'ja', retry: fast })
    expect(fake.stats.counters).toMatchObject({ lines: 10, contextItems: 2 })
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
    await translateCues({ provider: deepseek(), cues: makeCues(200), targetLanguage: 'ja', concurrency: 3, retry: fast })
    expect(fake.stats.maxInFlight).toBe(3)
  })

  it('stops when the caller aborts', async () => {
    fake.faults.delayMs = 50
    const controller = new AbortController()
    setTimeout(() => controller.abort(new Error('cancelled')), 20)
    await expect(translateCues({ provider: deepseek(), cues: makeCues(100), targetLanguage: 'ja', signal: controller.signal })).rejects.toThrow('cancelled')
    expect(fake.stats.requests).toBeLessThanOrEqual(8)
  })

  it("caps the batch at the provider's maxBatch (Google: 128)", async () => {
    const google = await startGoogleTranslateFake({ apiKey: 'g-key' })
    try {
      const provider = createGoogleTranslateProvider({ baseUrl: google.url, apiKey: 'g-key' })
      const cues = makeCues(300)
      expectAllTranslated(await translateCues({ provider, cues, targetLanguage: 'ja', batchSize: 500 }), cues)
      expect(google.stats.counters.maxSegments).toBe(128)
    } finally {
      await google.close()
    }
  })
})
