// The subtitle languages (docs/product.md, Languages).

export const LANGUAGES = [
  'auto', 'zh-CN', 'zh-HK', 'en', 'ja', 'ko', 'fr', 'de', 'es', 'it', 'pt', 'ru', 'ar', 'hi', 'th',
  'vi', 'id', 'ms', 'tl', 'nl', 'sv', 'no', 'da', 'fi', 'pl', 'tr', 'he', 'uk', 'cs',
] as const

export type LanguageCode = (typeof LANGUAGES)[number]
export type TargetLanguage = Exclude<LanguageCode, 'auto'>

/** Languages a file can be translated into: every language except `auto`, which is source-only. */
export const TARGET_LANGUAGES = LANGUAGES.filter((code): code is TargetLanguage => code !== 'auto')

const LANGUAGE_SET: ReadonlySet<string> = new Set(LANGUAGES)
const TARGET_SET: ReadonlySet<string> = new Set(TARGET_LANGUAGES)

/** True for any code of the list, `auto` included (valid as a source language). */
export function isSupportedLanguage(code: unknown): code is LanguageCode {
  return typeof code === 'string' && LANGUAGE_SET.has(code)
}

/** True for codes allowed as a translation target: the list without `auto`. */
export function isTargetLanguage(code: unknown): code is TargetLanguage {
  return typeof code === 'string' && TARGET_SET.has(code)
}
