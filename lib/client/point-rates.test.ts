import { readFileSync } from 'node:fs'
import path from 'node:path'
import { createTranslator } from 'next-intl'
import { describe, expect, it } from 'vitest'
import { computeCost } from '@/lib/pricing'
import { transcriptionCost } from '@/lib/transcribe/universal/cost'
import { POINT_RATES } from './task-helpers'

const LOCALES = ['zh-CN', 'en-US', 'ja-JP'] as const
const messagesOf = (locale: string) => JSON.parse(readFileSync(path.join(process.cwd(), 'messages', `${locale}.json`), 'utf8'))

// Issue 29: the points page said "10 points = 1 minute" while a translated recording costs 20.
describe('the prices the points page and the recording dialog state', () => {
  it('are the prices charged', () => {
    expect(POINT_RATES.subtitle).toBe(computeCost([{ endMs: 60_000 }]))
    expect(POINT_RATES.transcript).toBe(transcriptionCost(60_000, { translated: false }))
    expect(POINT_RATES.translated).toBe(transcriptionCost(60_000, { translated: true }))
  })

  for (const locale of LOCALES) {
    it(`state every rate, translated recordings included, in ${locale}`, () => {
      const t = createTranslator({ locale, messages: messagesOf(locale) })
      const texts = [t('dashboard.balance.rate', POINT_RATES), t('payments.validity', POINT_RATES)]
      for (const text of texts) for (const points of [POINT_RATES.subtitle, POINT_RATES.translated]) expect(text).toContain(String(points))
      expect(t('upload.recording.pricedWithTranslation', { points: POINT_RATES.translated })).toContain(String(POINT_RATES.translated))
    })

    it(`write no price into the text itself in ${locale}, so a changed price is never stale`, () => {
      const t = createTranslator({ locale, messages: messagesOf(locale) })
      const other = { subtitle: 7, transcript: 8, translated: 9 }
      const texts = [
        t('dashboard.balance.rate', other),
        t('payments.validity', other),
        t('upload.recording.pricedTranscript', { points: 8 }),
        t('upload.recording.pricedWithTranslation', { points: 9 }),
      ]
      for (const text of texts) expect(text).not.toMatch(/\b(10|20)\b|(?<!\d)(10|20)(?!\d)/)
    })
  }
})
