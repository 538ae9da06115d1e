// TMX 1.4 (the translation industry's exchange format for translation memories), written by hand
// a unit at a time and read with fast-xml-parser. Pure: no database, so it is unit tested on its own.
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { AppError } from '@/lib/errors'
import { isSupportedLanguage } from '@/lib/languages/languages'
import { MAX_CUE_CHARS } from '@/lib/pricing/cost'

/** `<tu>` units one import may hold (a TMX of a whole series' subtitles is far smaller). */
export const MAX_IMPORT_UNITS = 100_000
/** `<tuv>` variants one unit may hold: one per language, and this service translates 28. */
export const MAX_UNIT_VARIANTS = 100
/** `<tuv>` variants one import may hold in all (every unit a pair, at the unit cap). */
export const MAX_IMPORT_VARIANTS = 2 * MAX_IMPORT_UNITS
/** The longest text an imported line may have: the limit of a cue, as for a person's edit. */
export const MAX_IMPORT_TEXT_CHARS = MAX_CUE_CHARS

/** The translations of one language pair read from a TMX file, in file order, as parallel lists. */
export type TmxPair = { sourceLanguage: string; targetLanguage: string; sources: string[]; targets: string[] }
/** A TMX file read: its pairs; variants left out (a language we do not translate, an empty text); lines over the length limit left out. */
export type TmxRead = { pairs: TmxPair[]; skipped: number; tooLong: number }

/** Our language code of a TMX `xml:lang` (any case, `_` or `-`), or null for one we do not translate. */
export function languageOfTag(tag: string): string | null {
  const lower = tag.trim().toLowerCase().replace(/_/g, '-')
  if (lower === 'zh' || lower === 'zh-sg' || lower.startsWith('zh-cn') || lower.startsWith('zh-hans')) return 'zh-CN'
  if (lower === 'zh-mo' || lower.startsWith('zh-hk') || lower.startsWith('zh-tw') || lower.startsWith('zh-hant')) return 'zh-HK'
  const primary = lower.split('-')[0]
  const alias: Record<string, string> = { nb: 'no', nn: 'no', iw: 'he', in: 'id', fil: 'tl' }
  const code = alias[primary] ?? primary
  return code !== 'auto' && isSupportedLanguage(code) ? code : null
}

/** `20261125T101500Z`, TMX's date form. */
const tmxDate = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The start of a TMX 1.4 document of one language pair, up to its open `<body>`. */
export function tmxHead({ sourceLanguage, now = new Date() }: { sourceLanguage: string; now?: Date }): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4">\n' +
    `  <header creationtool="Subtitle Studio" creationtoolversion="1" datatype="plaintext" segtype="sentence" adminlang="en" srclang="${escapeXml(sourceLanguage)}" o-tmf="Subtitle Studio" creationdate="${tmxDate(now)}"></header>\n` +
    '  <body>\n'
  )
}

/** One entry as a `tu`: its change date, its origin as a `prop`, a variant per language. */
export function tmxUnit({ sourceLanguage, targetLanguage, entry }: { sourceLanguage: string; targetLanguage: string; entry: { sourceText: string; targetText: string; origin: string; updatedAt: Date } }): string {
  return (
    `    <tu changedate="${tmxDate(entry.updatedAt)}">\n` +
    `      <prop type="x-origin">${escapeXml(entry.origin)}</prop>\n` +
    `      <tuv xml:lang="${escapeXml(sourceLanguage)}"><seg>${escapeXml(entry.sourceText)}</seg></tuv>\n` +
    `      <tuv xml:lang="${escapeXml(targetLanguage)}"><seg>${escapeXml(entry.targetText)}</seg></tuv>\n` +
    '    </tu>\n'
  )
}

export const TMX_TAIL = '  </body>\n</tmx>\n'

/** A TMX 1.4 document of one language pair, whole (the export streams the same parts). */
export function toTmx({ sourceLanguage, targetLanguage, entries }: { sourceLanguage: string; targetLanguage: string; entries: readonly { sourceText: string; targetText: string; origin: string; updatedAt: Date }[] }): string {
  return tmxHead({ sourceLanguage }) + entries.map((entry) => tmxUnit({ sourceLanguage, targetLanguage, entry })).join('') + TMX_TAIL
}

const notTmx = () => new AppError('bad_request', 'memoryNotTmx')

/**
 * Refuses a file over the caps before it is parsed, in one pass over its tags: more than
 * MAX_IMPORT_UNITS units or MAX_IMPORT_VARIANTS variants (40000 "too large"), a unit of more than
 * MAX_UNIT_VARIANTS variants (40000), or a NUL, which no XML document holds (40000 "not a TMX file").
 */
export function checkTmxSize(xml: string): void {
  if (xml.includes('\u0000')) throw notTmx()
  let units = 0
  let variants = 0
  let inUnit = 0
  const tags = /<(tuv?)(?=[\s>/])/g
  for (let tag = tags.exec(xml); tag; tag = tags.exec(xml)) {
    if (tag[1] === 'tu') {
      inUnit = 0
      if (++units > MAX_IMPORT_UNITS) throw new AppError('bad_request', 'memoryImportTooLarge', { max: MAX_IMPORT_UNITS })
      continue
    }
    if (++inUnit > MAX_UNIT_VARIANTS) throw new AppError('bad_request', 'memoryUnitTooLarge', { max: MAX_UNIT_VARIANTS })
    if (++variants > MAX_IMPORT_VARIANTS) throw new AppError('bad_request', 'memoryImportTooLarge', { max: MAX_IMPORT_VARIANTS })
  }
}

function segText(seg: unknown): string {
  if (typeof seg === 'string') return seg
  if (typeof seg === 'number') return String(seg)
  // Inline tags (bpt, ept, ph...) are formatting codes: only the text is kept.
  if (seg && typeof seg === 'object' && '#text' in seg) return String((seg as Record<string, unknown>)['#text'])
  return ''
}

/** The XML tree of a TMX document; anything the parser cannot read (too deeply nested, ...) is 40000. */
function parseXml(xml: string): Record<string, unknown> {
  if (/<!ENTITY/i.test(xml)) throw notTmx()
  try {
    if (XMLValidator.validate(xml) !== true) throw notTmx()
    const parser = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@_',
      isArray: (name) => name === 'tu' || name === 'tuv',
      trimValues: false,
      parseTagValue: false,
      parseAttributeValue: false,
    })
    return parser.parse(xml) as Record<string, unknown>
  } catch {
    // The validator and parser throw plain errors (nesting past their depth, a stack overflow).
    throw notTmx()
  }
}

/**
 * The translations of a TMX document, grouped by language pair in one pass (linear in the number
 * of variants). Rules: the file must be well-formed XML whose root is `<tmx>` with a header and a
 * body (40000 "not a TMX file" otherwise, and nothing is imported); the source of a unit is the
 * header's `srclang` (the first variant when it is `*all*`); variants in languages this service
 * does not translate, or empty, are counted as skipped; a line longer than a cue may be
 * (MAX_IMPORT_TEXT_CHARS, either side) is left out and counted as too long. Entity declarations
 * are refused outright. Callers check the caps first (checkTmxSize).
 */
export function parseTmx(text: string): TmxRead {
  const xml = text.replace(/^\ufeff/, '')
  const doc = parseXml(xml)
  const tmx = doc.tmx as Record<string, unknown> | undefined
  if (!tmx || typeof tmx !== 'object' || !('header' in tmx) || !('body' in tmx)) throw notTmx()
  const header = (tmx.header ?? {}) as Record<string, unknown>
  const body = (typeof tmx.body === 'object' && tmx.body ? tmx.body : {}) as Record<string, unknown>
  const srclang = typeof header['@_srclang'] === 'string' ? header['@_srclang'].toLowerCase() : '*all*'
  const pairs = new Map<string, TmxPair>()
  let skipped = 0
  let tooLong = 0
  for (const tu of (body.tu ?? []) as Record<string, unknown>[]) {
    const variants = ((tu.tuv ?? []) as Record<string, unknown>[]).map((tuv) => ({
      tag: String(tuv['@_xml:lang'] ?? tuv['@_lang'] ?? ''),
      text: segText(tuv.seg).trim(),
    }))
    const source = srclang === '*all*' ? variants[0] : variants.find((v) => v.tag.toLowerCase() === srclang)
    const sourceLanguage = source ? languageOfTag(source.tag) : null
    for (const variant of variants) {
      if (variant === source) continue
      const targetLanguage = languageOfTag(variant.tag)
      if (!source || !sourceLanguage || !targetLanguage || targetLanguage === sourceLanguage || source.text === '' || variant.text === '') {
        skipped++
        continue
      }
      if (source.text.length > MAX_IMPORT_TEXT_CHARS || variant.text.length > MAX_IMPORT_TEXT_CHARS) {
        tooLong++
        continue
      }
      const key = `${sourceLanguage}\u0000${targetLanguage}`
      let pair = pairs.get(key)
      if (!pair) pairs.set(key, (pair = { sourceLanguage, targetLanguage, sources: [], targets: [] }))
      pair.sources.push(source.text)
      pair.targets.push(variant.text)
    }
  }
  return { pairs: [...pairs.values()], skipped, tooLong }
}
