import { describe, expect, it } from 'vitest'
import { DEEPSEEK_REVIEW_FIX, startDeepSeekFake } from '@/fakes/deepseek'
import { fakeForTests } from '@/test/provider-fakes'
import type { TranslatedCue } from './engine'
import { createDeepSeekProvider } from './providers/deepseek'
import { reviewCues } from './review-cues'

const KEY = 'sk-review-cues'
const fake = await fakeForTests(startDeepSeekFake({ apiKey: KEY }))
const provider = () => createDeepSeekProvider({ baseUrl: fake.url, apiKey: KEY, model: 'deepseek-flash' })

// Enough lines for several of the provider's batches; every tenth asks the fake for a correction.
const LINES = Array.from({ length: 3 * provider().maxBatch! - 5 }, (_, i) => ({ id: i + 1, text: `Line number ${i + 1}.${i % 10 === 0 ? ` ${DEEPSEEK_REVIEW_FIX}` : ''}`, translatedText: `行 ${i + 1}。` }))

async function review(concurrency?: number) {
  const reported: number[][] = []
  let reporting = 0
  let overlapped = false
  await reviewCues({
    provider: provider(),
    lines: LINES,
    review: LINES.map((l) => ({ id: l.id, translation: l.translatedText, translatedBy: 'memory' as const })),
    targetLanguage: 'ja',
    concurrency,
    onBatchDone: async (batch: TranslatedCue[]) => {
      overlapped ||= reporting > 0
      reporting++
      await new Promise((resolve) => setTimeout(resolve, 5))
      reported.push(batch.map((c) => c.id))
      reporting--
    },
  })
  return { reported, overlapped }
}

describe('reviewCues', () => {
  it('sends its batches at once up to `concurrency`, and reports every line once, one batch at a time', async () => {
    fake.faults.delayMs = 200
    try {
      const { reported, overlapped } = await review(3)
      expect(fake.stats.counters.reviewRequests).toBe(3)
      expect(fake.stats.maxInFlight).toBe(3)
      expect(overlapped).toBe(false)
      expect(reported.flat().sort((a, b) => a - b)).toEqual(LINES.map((l) => l.id))
    } finally {
      fake.faults.delayMs = 0
    }
  })

  it('reviews one batch after another by default', async () => {
    fake.faults.delayMs = 50
    try {
      const { reported } = await review()
      expect(fake.stats.maxInFlight).toBe(1)
      expect(reported).toHaveLength(3)
    } finally {
      fake.faults.delayMs = 0
    }
  })
})
