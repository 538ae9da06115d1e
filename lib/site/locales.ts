// The one list of locales. It lives here, below lib/i18n, so lib/site (editions) and lib/i18n
// (routing, messages) share it without importing each other.
export const locales = ['zh-CN', 'en-US', 'ja-JP'] as const

/** A locale the site serves. */
export type Locale = (typeof locales)[number]
