import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startDeepSeekFake } from '@/fakes/deepseek'
import type { FakeServer } from '@/fakes/server'
import { glossaryBudget, glossaryEntryTokens, glossaryForBatch } from './batch-glossary'
import { translateCues, type CueToTranslate } from './engine'
import { clearPauses } from '@/lib/provider-calls'
import { createDeepSeekProvider, DEEPSEEK_BATCH_TOKENS } from './providers/deepseek'
import type { GlossaryTerm } from './providers/types'
import { estimateTokens } from './tokens'

const lines = (...texts: string[]) => texts.map((text, i) => ({ id: i + 1, text }))
const entry = (term: string, translation = `<${term}>`): GlossaryTerm => ({ term, translation })

describe('glossaryForBatch', () => {
  it('sends only entries whose term occurs in a line, ignoring case', () => {
    const glossary = [entry('haruka'), entry('Shinkansen'), entry('Nowhere'), entry('  ')]
    expect(glossaryForBatch(glossary, lines('Ask Haruka.', 'The shinkansen leaves.'), 1000).map((e) => e.term)).toEqual(['Shinkansen', 'haruka'])
  })

  it('ranks the most specific first: more words, then more lines using it, then longer, then alphabetical', () => {
    const glossary = [entry('Mori'), entry('Tokyo'), entry('Captain Mori'), entry('Ren'), entry('Tokyo Station'), entry('Bo'), entry('Al')]
    const batch = lines('Captain Mori met Ren.', 'Ren took Bo to Tokyo Station.', 'Al saw Mori and Ren in Tokyo.', 'Bo left.')
    expect(glossaryForBatch(glossary, batch, 1000).map((e) => e.term)).toEqual([
      'Tokyo Station', // two words, one line, 13 characters
      'Captain Mori', // two words, one line, 12 characters
      'Ren', // three lines
      'Tokyo', // two lines, 5 characters
      'Mori', // two lines, 4 characters
      'Bo', // two lines, 2 characters
      'Al', // one line
    ])
  })

  it('takes entries while they fit the budget and leaves the rest out; a shorter one may still fit', () => {
    const long = entry('Captain Mori', 'モリ船長、第七艦隊の司令官でありこの物語の主人公の一人')
    const short = entry('Ren', '蓮')
    const middle = entry('Tokyo', '東京都心の中央駅')
    const batch = lines('Captain Mori met Ren in Tokyo, then Ren left Tokyo.')
    const budget = glossaryEntryTokens(long) + glossaryEntryTokens(short)
    expect(glossaryEntryTokens(middle)).toBeGreaterThan(glossaryEntryTokens(short))
    // Ranked Captain Mori, Tokyo, Ren: Tokyo does not fit in what Captain Mori leaves, Ren does.
    expect(glossaryForBatch([short, middle, long], batch, budget)).toEqual([long, short])
    expect(glossaryForBatch([short, middle, long], batch, 0)).toEqual([])
  })
})

describe('the glossary inside a DeepSeek request, measured at the fake', () => {
  const KEY = 'sk-batch-glossary'
  let fake: FakeServer
  beforeAll(async () => {
    fake = await startDeepSeekFake({ apiKey: KEY })
  })
  afterAll(() => fake.close())
  beforeEach(() => {
    fake.resetStats()
    clearPauses()
  })

  type Seen = { lines: { id: number }[]; glossary: GlossaryTerm[]; userChars: number }
  const seen = () => fake.stats.log.map((r) => r.data as Seen)
  const provider = () => createDeepSeekProvider({ baseUrl: fake.url, apiKey: KEY, model: 'deepseek-flash' })
  const budget = glossaryBudget(DEEPSEEK_BATCH_TOKENS)
  // What the glossary may add to a request at most: its tokens are estimated at ≥ 1 per 3 characters.
  const maxGlossaryChars = 3 * budget + ',"glossary":[]'.length

  async function translate(cues: CueToTranslate[], glossary: GlossaryTerm[]) {
    fake.resetStats()
    // One request at a time: each carries the same context in both runs, so they differ by the glossary only.
    await translateCues({ provider: provider(), cues, targetLanguage: 'ja', glossary, concurrency: 1, retry: { attempts: 0, delayMs: 0 } })
    return new Map(seen().map((request) => [request.lines[0].id, request]))
  }

  it('3 lines with 500 matching entries: the request carries at most its share of the budget, most specific first', async () => {
    const cues = [
      { id: 1, text: 'Sebastian Wilder drove to the Griffith Observatory.' },
      { id: 2, text: 'Mia Dolan waited at the Lighthouse Cafe on Hermosa Beach.' },
      { id: 3, text: 'They danced above Los Angeles under the planetarium dome.' },
    ]
    // Every distinct substring of the lines, as a hostile or careless glossary would hold them.
    const terms = new Set<string>()
    for (let length = 60; length >= 2; length--) for (const { text } of cues) for (let i = 0; i + length <= text.length; i++) terms.add(text.slice(i, i + length).trim())
    const glossary = [...terms].filter((t) => t.length >= 2).slice(0, 500).map((t, i) => entry(t, `訳${i}`))
    expect(glossary).toHaveLength(500)
    expect(glossaryForBatch(glossary, cues, Infinity)).toHaveLength(500)

    const without = await translate(cues, [])
    const withGlossary = await translate(cues, glossary)
    expect(withGlossary.size).toBe(1)
    for (const [first, request] of withGlossary) {
      expect(request.glossary.length).toBeGreaterThan(0)
      expect(request.glossary.length).toBeLessThan(500)
      expect(estimateTokens(JSON.stringify(request.glossary))).toBeLessThanOrEqual(budget)
      expect(request.userChars - without.get(first)!.userChars).toBeLessThanOrEqual(maxGlossaryChars)
      // The most specific go first: a whole line of ten words, then fewer and fewer words.
      const words = request.glossary.map((e) => e.term.split(' ').length)
      expect(words[0]).toBe(10)
      expect(words).toEqual([...words].sort((a, b) => b - a))
    }
  })

  it('a feature-length file and 500 matching names: no request exceeds the glossary share; batches using few names get them all', async () => {
    const names = Array.from({ length: 500 }, (_, i) => `Name${String(i).padStart(3, '0')}x`)
    const glossary = names.map((name, i) => entry(name, `名前${i}`))
    const cues = Array.from({ length: 1500 }, (_, i) => ({ id: i + 1, text: i < 500 ? `Where is ${names[i]}? Ask ${names[(i * 7) % 500]}.` : `Line ${i + 1}, nobody named here.` }))
    const without = await translate(cues, [])
    const withGlossary = await translate(cues, glossary)
    expect(withGlossary.size).toBe(without.size)
    let cut = 0
    for (const [first, request] of withGlossary) {
      expect(estimateTokens(JSON.stringify(request.glossary))).toBeLessThanOrEqual(budget)
      expect(request.userChars - without.get(first)!.userChars).toBeLessThanOrEqual(maxGlossaryChars)
      const applying = glossaryForBatch(glossary, cues.filter((c) => request.lines.some((l) => l.id === c.id)), Infinity)
      if (request.glossary.length < applying.length) cut += 1
      else expect(request.glossary).toEqual(applying)
    }
    // The name-heavy batches were cut to the budget; the rest carried every entry they use.
    expect(cut).toBeGreaterThan(0)
  })
})
