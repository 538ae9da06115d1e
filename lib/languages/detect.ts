// Source language detection for uploads (docs/product.md, Languages).
import { franc } from 'franc'
import type { TargetLanguage } from '@/lib/languages/languages'
import { countScripts, isJapaneseByKana, isTraditionalChinese, type ScriptCounts } from '@/lib/languages/scripts'

/** Too little text (under 10 characters), or any failure, gives this. */
export const DEFAULT_DETECTED_LANGUAGE: TargetLanguage = 'zh-CN'

const MIN_CHARS = 10
const SCRIPT_SAMPLE_CHARS = 20_000
// franc only reads its first 2048 characters, so it gets its own, evenly spread, sample.
const FRANC_SAMPLE_CHARS = 2_000

const FRANC_TO_CODE: Record<string, TargetLanguage> = {
  cmn: 'zh-CN', jpn: 'ja', kor: 'ko', eng: 'en', fra: 'fr', deu: 'de', spa: 'es', ita: 'it',
  por: 'pt', rus: 'ru', arb: 'ar', hin: 'hi', tha: 'th', vie: 'vi', ind: 'id', zlm: 'ms',
  tgl: 'tl', nld: 'nl', swe: 'sv', nob: 'no', nno: 'no', dan: 'da', fin: 'fi', pol: 'pl',
  tur: 'tr', heb: 'he', ukr: 'uk', ces: 'cs',
}
const FRANC_ONLY = Object.keys(FRANC_TO_CODE)

// Formatting tags (<i>, <font ...>, {\an8}) are ASCII noise that would pull the guess to English.
const TAGS = /<[^>\n]*>|\{[^}\n]*\}/g

/** Whole cues taken at an even stride across the file until `maxChars`, so one long intro does not decide. */
function spreadSample(texts: readonly string[], maxChars: number): string {
  let total = 0
  for (const text of texts) total += text.length + 1
  const stride = Math.max(1, Math.ceil(total / maxChars))
  const parts: string[] = []
  let size = 0
  for (let i = 0; i < texts.length && size < maxChars; i += stride) {
    parts.push(texts[i])
    size += texts[i].length + 1
  }
  return parts.join('\n').slice(0, maxChars)
}

function chineseVariant(sample: string): TargetLanguage {
  return isTraditionalChinese(sample) ? 'zh-HK' : 'zh-CN'
}

/** The fallback by script, with the dominant script winning over mere presence. */
function languageByScript(counts: ScriptCounts, sample: string): TargetLanguage {
  const ranked: [number, TargetLanguage][] = [
    [counts.han + counts.kana, 'zh-CN'],
    [counts.hangul, 'ko'],
    [counts.arabic, 'ar'],
    [counts.thai, 'th'],
    [counts.cyrillic, 'ru'],
    [counts.hebrew, 'he'],
    [counts.devanagari, 'hi'],
  ]
  let best: [number, TargetLanguage] = [0, 'en']
  for (const entry of ranked) if (entry[0] > best[0]) best = entry
  if (best[1] === 'zh-CN') return isJapaneseByKana(counts) ? 'ja' : chineseVariant(sample)
  return best[1]
}

/**
 * Detects the language of a text.
 * Rules: tags are ignored; fewer than 10 characters, or any failure, gives zh-CN; otherwise franc
 * (restricted to our languages) decides, mapped to our codes; when franc answers Chinese or
 * Japanese, kana (5%+ of the Han and kana) mean ja, else frequent Traditional characters mean
 * zh-HK, else zh-CN; when franc cannot answer, the dominant script decides (Han/kana as above,
 * Hangul ko, Arabic ar, Thai th, Cyrillic ru, Hebrew he, Devanagari hi), else en.
 */
export function detectTextLanguage(text: string): TargetLanguage {
  return detectFromSamples(text.slice(0, SCRIPT_SAMPLE_CHARS), text.slice(0, FRANC_SAMPLE_CHARS))
}

/**
 * Detects the source language of parsed cues from their text, sampled across the file (at most about
 * 20k characters). Rules as `detectTextLanguage`.
 */
export function detectLanguage(cues: readonly { text: string }[]): TargetLanguage {
  try {
    const texts = cues.map((cue) => cue.text)
    return detectFromSamples(spreadSample(texts, SCRIPT_SAMPLE_CHARS), spreadSample(texts, FRANC_SAMPLE_CHARS))
  } catch {
    return DEFAULT_DETECTED_LANGUAGE
  }
}

function detectFromSamples(scriptSample: string, francSample: string): TargetLanguage {
  try {
    const sample = scriptSample.replace(TAGS, ' ')
    if (sample.trim().length < MIN_CHARS) return DEFAULT_DETECTED_LANGUAGE
    const counts = countScripts(sample)
    const code = FRANC_TO_CODE[franc(francSample.replace(TAGS, ' '), { only: FRANC_ONLY })]
    if (code === 'zh-CN' || code === 'ja') return isJapaneseByKana(counts) ? 'ja' : chineseVariant(sample)
    return code ?? languageByScript(counts, sample)
  } catch {
    return DEFAULT_DETECTED_LANGUAGE
  }
}
