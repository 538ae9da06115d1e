import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDeepSeekFake } from '@/fakes/deepseek'
import type { FakeServer } from '@/fakes/server'
import { translateCues, type TranslatedCue } from './engine'
import { createDeepSeekProvider, DEEPSEEK_SPEAKER_RULE } from './providers/deepseek'
import type { ContextLine, TranslateLine } from './providers/types'

const KEY = 'sk-speakers-engine'
let fake: FakeServer
beforeAll(async () => {
  fake = await startDeepSeekFake({ apiKey: KEY })
})
afterAll(() => fake.close())

type Seen = { lines: TranslateLine[]; before: ContextLine[] }

describe('translating lines of speakers', () => {
  it('sends each line with its speaker, and an identical line of another speaker on its own', async () => {
    fake.resetStats()
    const provider = createDeepSeekProvider({ baseUrl: fake.url, apiKey: KEY, model: 'deepseek-flash' })
    const cues = [
      { id: 1, text: 'Are you ready?', speaker: 'Ada' },
      { id: 2, text: 'Are you ready?', speaker: 'Bo' },
      { id: 3, text: 'Are you  ready?', speaker: 'Ada' },
      { id: 4, text: 'Let us go.' },
    ]
    const done: TranslatedCue[] = []
    await translateCues({ provider, cues, targetLanguage: 'fr', batchSize: 2, concurrency: 1, onBatchDone: (batch) => void done.push(...batch) })
    const sent = fake.stats.log.map((r) => r.data as Seen)
    expect(sent.flatMap((r) => r.lines)).toEqual([
      { id: 1, text: 'Are you ready?', speaker: 'Ada' },
      { id: 2, text: 'Are you ready?', speaker: 'Bo' },
      { id: 4, text: 'Let us go.' },
    ])
    // The second batch's context says who spoke the lines before it.
    expect(sent[1].before.at(-1)).toMatchObject({ id: 3, speaker: 'Ada' })
    const by = Object.fromEntries(done.map((d) => [d.id, d.translatedBy]))
    expect(by).toEqual({ 1: 'deepseek', 2: 'deepseek', 3: 'repeat', 4: 'deepseek' })
  })

  it('adds the speaker rule to the system prompt only when lines carry speakers', async () => {
    fake.resetStats()
    const provider = createDeepSeekProvider({ baseUrl: fake.url, apiKey: KEY, model: 'deepseek-flash' })
    await provider.translateBatch({ lines: [{ id: 1, text: 'Hi.', speaker: 'Ada' }], context: { before: [], after: [] }, targetLanguage: 'ja' })
    await provider.translateBatch({ lines: [{ id: 1, text: 'Hi.' }], context: { before: [], after: [] }, targetLanguage: 'ja' })
    // The system message's size: the whole prompt less the user message.
    const [withRule, without] = fake.stats.log.map((r) => (r.data as { promptChars: number; userChars: number })).map((d) => d.promptChars - d.userChars)
    expect(withRule - without).toBe(DEEPSEEK_SPEAKER_RULE.length + 1)
  })
})
