// Which Chinese script a translation must be in, and converting a line into it with OpenCC: zh-HK
// is Traditional (Hong Kong standard), zh-CN Simplified. Pure, safe in the browser; the editor
// loads it only for Chinese tasks, since OpenCC's dictionaries are large.
import * as OpenCC from 'opencc-js'

export type ChineseScript = 'traditional' | 'simplified'

const SCRIPT_OF: Record<string, ChineseScript> = { 'zh-CN': 'simplified', 'zh-HK': 'traditional' }

/** The script a target language is written in, or null for a language this check does not cover. */
export function expectedScript(language: string): ChineseScript | null {
  return SCRIPT_OF[language] ?? null
}

export type ScriptCheck = {
  script: ChineseScript
  /** Whether the text holds a character or phrase of the other script. */
  isWrong: (text: string) => boolean
  /** The text in the language's script (characters, then phrases such as 軟件/软件). */
  convert: (text: string) => string
}

const checks = new Map<string, ScriptCheck>()
// Texts already converted, so re-checking 3,000 rows on a keystroke converts only the changed one.
const MAX_CACHED = 20_000

/**
 * The check of a target language: a text is in the wrong script when OpenCC's conversion into the
 * right one changes it (Simplified → Hong Kong Traditional for zh-HK; Taiwan or Hong Kong
 * Traditional → Simplified for zh-CN). Null for a language that is not zh-CN or zh-HK.
 */
export function scriptCheckFor(language: string): ScriptCheck | null {
  const script = expectedScript(language)
  if (!script) return null
  const known = checks.get(language)
  if (known) return known
  const converter = script === 'traditional' ? OpenCC.Converter({ from: 'cn', to: 'hk' }) : OpenCC.Converter({ from: 'tw', to: 'cn' })
  const cache = new Map<string, string>()
  const convert = (text: string) => {
    let out = cache.get(text)
    if (out === undefined) {
      out = converter(text)
      if (cache.size >= MAX_CACHED) cache.clear()
      cache.set(text, out)
    }
    return out
  }
  const check: ScriptCheck = { script, isWrong: (text) => text !== '' && convert(text) !== text, convert }
  checks.set(language, check)
  return check
}
