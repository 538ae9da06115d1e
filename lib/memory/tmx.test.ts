import { threadId } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { AppError } from '@/lib/errors'
import { checkTmxSize, MAX_IMPORT_TEXT_CHARS, MAX_IMPORT_UNITS, MAX_UNIT_VARIANTS, parseTmx, toTmx } from './tmx'
import { readTmxImport } from './tmx-read'
import { INLINE_MAX_BYTES, readTmxOffThread } from './tmx-off-thread'

const HEAD = '<?xml version="1.0"?><tmx version="1.4"><header srclang="en" datatype="plaintext"/><body>'
const TAIL = '</body></tmx>'
const tuv = (lang: string, text: string) => `<tuv xml:lang="${lang}"><seg>${text}</seg></tuv>`
const tmx = (units: string[]) => HEAD + units.map((u) => `<tu>${u}</tu>`).join('') + TAIL
const encode = (text: string) => new TextEncoder().encode(text)
const refusal = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return error
  }
  return null
}

describe('parseTmx', () => {
  it('groups the 20,000 variants of one unit by language pair, each in file order', () => {
    const targets = ['fr', 'de', 'ja']
    const variants = Array.from({ length: 20_000 }, (_, i) => tuv(targets[i % 3], `line ${i}`))
    const read = parseTmx(tmx([tuv('en', 'Hello') + variants.join('')]))
    expect(read).toMatchObject({ skipped: 0, tooLong: 0 })
    expect(read.pairs.map((p) => [p.sourceLanguage, p.targetLanguage, p.sources.length, p.targets.length])).toEqual([
      ['en', 'fr', 6667, 6667],
      ['en', 'de', 6667, 6667],
      ['en', 'ja', 6666, 6666],
    ])
    const fr = read.pairs[0]
    expect(new Set(fr.sources)).toEqual(new Set(['Hello']))
    expect(fr.targets.slice(0, 3)).toEqual(['line 0', 'line 3', 'line 6'])
    expect(fr.targets.at(-1)).toBe('line 19998')
  }, 180_000)

  it('groups 20,000 units of one pair into one list, in file order', () => {
    const read = parseTmx(tmx(Array.from({ length: 20_000 }, (_, i) => tuv('en', `source ${i}`) + tuv('fr', `cible ${i}`))))
    expect(read.pairs).toHaveLength(1)
    expect(read.pairs[0].sources).toHaveLength(20_000)
    expect([read.pairs[0].sources[12_345], read.pairs[0].targets[12_345]]).toEqual(['source 12345', 'cible 12345'])
  }, 180_000)

  it('leaves out and counts lines longer than a cue may be, either side', () => {
    const long = 'x'.repeat(MAX_IMPORT_TEXT_CHARS + 1)
    const limit = 'y'.repeat(MAX_IMPORT_TEXT_CHARS)
    const read = parseTmx(tmx([tuv('en', 'a') + tuv('fr', long), tuv('en', long) + tuv('fr', 'b'), tuv('en', 'c') + tuv('fr', limit), tuv('en', 'd') + tuv('xx', 'e')]))
    expect(read).toMatchObject({ skipped: 1, tooLong: 2 })
    expect(read.pairs).toEqual([{ sourceLanguage: 'en', targetLanguage: 'fr', sources: ['c'], targets: [limit] }])
  })

  it('answers 40000 "not a TMX file" to a raw NUL and to XML nested past the parser\'s depth', () => {
    const nul = tmx([tuv('en', 'a\u0000b') + tuv('fr', 'b')])
    const deep = tmx([tuv('en', `${'<b>'.repeat(5000)}x${'</b>'.repeat(5000)}`) + tuv('fr', 'b')])
    for (const text of [nul, deep]) {
      const error = refusal(() => readTmxImport(encode(text)))
      expect(error).toBeInstanceOf(AppError)
      expect(error).toMatchObject({ code: 'bad_request', messageKey: 'memoryNotTmx' })
    }
  })

  it('writes what it reads: special characters, new lines and the origin survive a round trip', () => {
    const text = toTmx({ sourceLanguage: 'en', targetLanguage: 'zh-CN', entries: [{ sourceText: 'Tom & "Jerry" <3', targetText: '汤姆\n杰瑞 > 猫', origin: 'edited', updatedAt: new Date('2026-11-25T10:15:00Z') }] })
    expect(text).toContain('<tu changedate="20261125T101500Z">')
    expect(parseTmx(text).pairs).toEqual([{ sourceLanguage: 'en', targetLanguage: 'zh-CN', sources: ['Tom & "Jerry" <3'], targets: ['汤姆\n杰瑞 > 猫'] }])
  })
})

describe('checkTmxSize', () => {
  it('refuses, before parsing, more units than an import may hold and a unit of more variants than languages', () => {
    const units = `${HEAD}${'<tu></tu>'.repeat(MAX_IMPORT_UNITS + 1)}${TAIL}`
    expect(refusal(() => checkTmxSize(units))).toMatchObject({ messageKey: 'memoryImportTooLarge', values: { max: MAX_IMPORT_UNITS } })
    const wide = tmx([tuv('en', 'a') + tuv('fr', 'b').repeat(MAX_UNIT_VARIANTS)])
    expect(refusal(() => checkTmxSize(wide))).toMatchObject({ messageKey: 'memoryUnitTooLarge', values: { max: MAX_UNIT_VARIANTS } })
    expect(refusal(() => checkTmxSize(tmx([tuv('en', 'a') + tuv('fr', 'b').repeat(MAX_UNIT_VARIANTS - 1)])))).toBeNull()
  })
})

describe('readTmxOffThread', () => {
  const big = tmx(Array.from({ length: 5_000 }, (_, i) => tuv('en', `source line ${i}`) + tuv('fr', `ligne ${i}`) + tuv('de', `Zeile ${i}`)))

  it('reads a large file in a worker thread exactly as inline', async () => {
    const bytes = encode(big)
    expect(bytes.byteLength).toBeGreaterThan(INLINE_MAX_BYTES)
    const offThread = await readTmxOffThread(bytes)
    expect(offThread).toEqual(readTmxImport(bytes))
    expect(offThread.pairs.map((p) => p.keys.length)).toEqual([5_000, 5_000])
    expect(threadId).toBe(0)
  }, 180_000)

  it('keeps the event loop free while a large file is read', async () => {
    const bytes = encode(tmx(Array.from({ length: 40_000 }, (_, i) => tuv('en', `source line ${i}`) + tuv('fr', `ligne ${i}`))))
    let ticks = 0
    const timer = setInterval(() => ticks++, 5)
    const read = await readTmxOffThread(bytes)
    clearInterval(timer)
    expect(read.pairs[0].keys).toHaveLength(40_000)
    // Inline, the parse would hold the loop for its whole length and the timer would barely fire.
    expect(ticks).toBeGreaterThan(2)
  }, 180_000)

  it('answers a bad large file with the same error', async () => {
    const error = await readTmxOffThread(encode(big.replace('</body>', ''))).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({ code: 'bad_request', messageKey: 'memoryNotTmx' })
  }, 180_000)
})
