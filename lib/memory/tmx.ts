// TMX 1.4 (the translation industry's exchange format for translation memories), written and read
// with fast-xml-parser. Pure: no database, so it is unit tested on its own.
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser'
import { AppError } from '@/lib/errors'
import { isSupportedLanguage } from '@/lib/languages/languages'

export type TmxUnit = { sourceLanguage: string; targetLanguage: string; sourceText: string; targetText: string; changedAt?: Date }

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

function parseTmxDate(value: unknown): Date | undefined {
  const match = typeof value === 'string' ? /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value) : null
  return match ? new Date(Date.UTC(+match[1], +match[2] - 1, +match[3], +match[4], +match[5], +match[6])) : undefined
}

/** A TMX 1.4 document of one language pair: one `tu` per entry, the origin as a `prop`. */
export function toTmx({ sourceLanguage, targetLanguage, entries }: { sourceLanguage: string; targetLanguage: string; entries: readonly { sourceText: string; targetText: string; origin: string; updatedAt: Date }[] }): string {
  const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, suppressEmptyNode: true })
  const body = builder.build({
    tmx: {
      '@_version': '1.4',
      header: {
        '@_creationtool': 'Subtitle Studio',
        '@_creationtoolversion': '1',
        '@_datatype': 'plaintext',
        '@_segtype': 'sentence',
        '@_adminlang': 'en',
        '@_srclang': sourceLanguage,
        '@_o-tmf': 'Subtitle Studio',
        '@_creationdate': tmxDate(new Date()),
      },
      body: {
        tu: entries.map((entry) => ({
          '@_changedate': tmxDate(entry.updatedAt),
          prop: { '@_type': 'x-origin', '#text': entry.origin },
          tuv: [
            { '@_xml:lang': sourceLanguage, seg: entry.sourceText },
            { '@_xml:lang': targetLanguage, seg: entry.targetText },
          ],
        })),
      },
    },
  })
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body}`
}

const notTmx = () => new AppError('bad_request', 'memoryNotTmx')

function segText(seg: unknown): string {
  if (typeof seg === 'string') return seg
  if (typeof seg === 'number') return String(seg)
  // Inline tags (bpt, ept, ph...) are formatting codes: only the text is kept.
  if (seg && typeof seg === 'object' && '#text' in seg) return String((seg as Record<string, unknown>)['#text'])
  return ''
}

/**
 * The units of a TMX document, one per source and target language pair of each `tu`. Rules: the
 * file must be well-formed XML whose root is `<tmx>` with a header and a body (40000
 * "not a TMX file" otherwise, and nothing is imported); the source of a unit is the header's
 * `srclang` (the first variant when it is `*all*`); variants in languages this service does not
 * translate, or empty, are counted as skipped. Entity declarations are refused outright.
 */
export function parseTmx(text: string): { units: TmxUnit[]; skipped: number } {
  const xml = text.replace(/^\ufeff/, '')
  if (/<!ENTITY/i.test(xml) || XMLValidator.validate(xml) !== true) throw notTmx()
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    isArray: (name) => name === 'tu' || name === 'tuv',
    trimValues: false,
    parseTagValue: false,
    parseAttributeValue: false,
  })
  const doc = parser.parse(xml) as Record<string, unknown>
  const tmx = doc.tmx as Record<string, unknown> | undefined
  if (!tmx || typeof tmx !== 'object' || !('header' in tmx) || !('body' in tmx)) throw notTmx()
  const header = (tmx.header ?? {}) as Record<string, unknown>
  const body = (typeof tmx.body === 'object' && tmx.body ? tmx.body : {}) as Record<string, unknown>
  const srclang = typeof header['@_srclang'] === 'string' ? header['@_srclang'] : '*all*'
  const units: TmxUnit[] = []
  let skipped = 0
  for (const tu of (body.tu ?? []) as Record<string, unknown>[]) {
    const variants = ((tu.tuv ?? []) as Record<string, unknown>[]).map((tuv) => ({
      tag: String(tuv['@_xml:lang'] ?? tuv['@_lang'] ?? ''),
      text: segText(tuv.seg).trim(),
    }))
    const source = srclang === '*all*' ? variants[0] : variants.find((v) => v.tag.toLowerCase() === srclang.toLowerCase())
    const sourceLanguage = source ? languageOfTag(source.tag) : null
    const changedAt = parseTmxDate(tu['@_changedate'] ?? tu['@_creationdate'])
    for (const variant of variants) {
      if (variant === source) continue
      const targetLanguage = languageOfTag(variant.tag)
      if (!source || !sourceLanguage || !targetLanguage || targetLanguage === sourceLanguage || source.text === '' || variant.text === '') {
        skipped++
        continue
      }
      units.push({ sourceLanguage, targetLanguage, sourceText: source.text, targetText: variant.text, changedAt })
    }
  }
  return { units, skipped }
}
