// Speech-to-text names languages its own way: it takes ISO 639-1 codes (`zh`, `en`) and answers
// English names (`chinese`). These map them onto the app's codes (lib/srt/languages.ts).

const NAMES: Record<string, string> = {
  english: 'en', chinese: 'zh-CN', japanese: 'ja', korean: 'ko', french: 'fr', german: 'de', spanish: 'es', italian: 'it',
  portuguese: 'pt', russian: 'ru', arabic: 'ar', hindi: 'hi', thai: 'th', vietnamese: 'vi', indonesian: 'id', malay: 'ms',
  tagalog: 'tl', dutch: 'nl', swedish: 'sv', norwegian: 'no', nynorsk: 'no', danish: 'da', finnish: 'fi', polish: 'pl', turkish: 'tr',
  hebrew: 'he', ukrainian: 'uk', czech: 'cs', cantonese: 'zh-HK',
}

/** The app's code for what the provider answered (a name or an ISO code), or null when it is none of ours. */
export function languageFromProvider(value: string | null | undefined): string | null {
  if (!value) return null
  const lower = value.trim().toLowerCase()
  if (NAMES[lower]) return NAMES[lower]
  if (lower === 'zh') return 'zh-CN'
  return Object.values(NAMES).includes(lower) ? lower : null
}

/** The ISO 639-1 code a provider takes for one of the app's codes (`zh-CN` → `zh`); null for `auto`. */
export function providerLanguage(code: string): string | null {
  if (code === 'auto' || code === '') return null
  return code.split('-')[0]
}
