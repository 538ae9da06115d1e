import { describe, expect, it } from 'vitest'
import { startDeepSeekFake } from '@/fakes/deepseek'
import { DEEPSEEK_CONDENSE_STUBBORN } from '@/fakes/deepseek-lengths'
import { startGoogleTranslateFake } from '@/fakes/google-translate'
import { condenseTranslations } from './condense'
import { createDeepSeekProvider, DEEPSEEK_CONDENSE_PROMPT } from './providers/deepseek'
import { createGoogleTranslateProvider } from './providers/google'
import type { CondenseLine, TranslateProvider } from './providers/types'
import { fakeForTests } from '@/test/provider-fakes'

// Shortening translations too long for their cue, against the DeepSeek fake over HTTP.
const KEY = 'sk-condense-test'
const fake = await fakeForTests(startDeepSeekFake({ apiKey: KEY }))
const google = await fakeForTests(startGoogleTranslateFake({ apiKey: 'g-condense' }))

const deepseek = (): TranslateProvider => createDeepSeekProvider({ baseUrl: fake.url, apiKey: KEY, model: 'deepseek-flash' })
const fast = { attempts: 2, delayMs: 5 }
const noSleep = async () => {}
const length = (text: string) => Array.from(text).length

/** `count` lines of about 70 characters, each asked to fit 30. */
const longLines = (count: number, mark: (id: number) => string = () => ''): CondenseLine[] =>
  Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    text: `Line ${i + 1}: well, I really think we should go now, before it is too late.${mark(i + 1)}`,
    translation: `[de] Zeile ${i + 1}: also, ich glaube wirklich, wir sollten jetzt gehen, bevor es zu spät ist.`,
    maxChars: 30,
  }))

async function run(provider: TranslateProvider, lines: CondenseLine[], glossary: { term: string; translation: string }[] = []) {
  const reports: { ids: number[]; answer: Map<number, string> | null }[] = []
  await condenseTranslations({ provider, lines, glossary, targetLanguage: 'de', retry: fast, sleep: noSleep, onBatchDone: (batch, answer) => void reports.push({ ids: batch.map((l) => l.id), answer }) })
  return reports
}

describe('condenseTranslations', () => {
  it('sends every line in one request, with its source, translation, character count and the glossary it uses, and gets each back within the count', async () => {
    const lines = longLines(40)
    const reports = await run(deepseek(), lines, [{ term: 'Line 7', translation: 'Zeile 7' }])
    expect(fake.stats.counters).toMatchObject({ condenseRequests: 1, condenseLines: 40, glossaryEntries: 1 })
    expect(fake.stats.counters.reviewRequests).toBeUndefined()
    const sent = fake.stats.log[0].data as { lines: CondenseLine[] }
    expect(sent.lines).toEqual(lines)
    expect(reports).toHaveLength(1)
    for (const line of lines) {
      const answer = reports[0].answer!.get(line.id)!
      expect(length(answer)).toBeLessThanOrEqual(30)
      expect(answer.startsWith(`[de] Zeile ${line.id}`)).toBe(true)
    }
  })

  it('asks in its system prompt for a rewrite within maxChars, every line returned', async () => {
    expect(DEEPSEEK_CONDENSE_PROMPT).toMatch(/json/)
    expect(DEEPSEEK_CONDENSE_PROMPT).toMatch(/at most maxChars characters/)
    expect(DEEPSEEK_CONDENSE_PROMPT).toMatch(/Return every line, same ids/)
  })

  it('splits only past the condense budget, into even requests, each line sent once', async () => {
    const lines = longLines(40)
    const reports = await run({ ...deepseek(), condenseTokens: 400 }, lines)
    const requests = fake.stats.counters.condenseRequests
    expect(requests).toBeGreaterThan(1)
    expect(fake.stats.counters.condenseLines).toBe(40)
    const sizes = reports.map((r) => r.ids.length)
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1)
    expect(reports.flatMap((r) => r.ids).sort((a, b) => a - b)).toEqual(lines.map((l) => l.id))
  })

  it('retries a wrong answer (a line missing) and keeps the right one', async () => {
    const reports = await run(deepseek(), longLines(5, (id) => (id === 3 ? ' [[fault:wrong_count*1]]' : '')))
    expect(fake.stats.counters.condenseRequests).toBe(2)
    expect(reports[0].answer?.size).toBe(5)
  })

  it('a request that keeps failing is reported without an answer, and the call does not fail', async () => {
    const reports = await run(deepseek(), longLines(5, (id) => (id === 2 ? ' [[fault:wrong_count]]' : '')))
    // The first try and two retries.
    expect(fake.stats.counters.condenseRequests).toBe(3)
    expect(reports).toEqual([{ ids: [1, 2, 3, 4, 5], answer: null }])
  })

  it('a stubborn line comes back shorter, but still over its count', async () => {
    const [line] = longLines(1, () => ` ${DEEPSEEK_CONDENSE_STUBBORN}`)
    const reports = await run(deepseek(), [line])
    const answer = reports[0].answer!.get(1)!
    expect(length(answer)).toBeGreaterThan(30)
    expect(length(answer)).toBeLessThan(length(line.translation))
  })

  it('a service that cannot shorten (Google) gets no request: its lines are reported without an answer', async () => {
    const provider = createGoogleTranslateProvider({ baseUrl: google.url, apiKey: 'g-condense' })
    expect(await run(provider, longLines(3))).toEqual([{ ids: [1, 2, 3], answer: null }])
    expect(google.stats.requests).toBe(0)
  })
})
