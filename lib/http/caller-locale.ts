import type { Locale } from '@/lib/site'
import { requestHost, resolveEdition } from '@/lib/site'
import { isLocale } from '@/lib/i18n/routing'

const PREFIXES: [string, Locale][] = [
  ['zh', 'zh-CN'],
  ['ja', 'ja-JP'],
  ['en', 'en-US'],
]

/** The caller's language: the client's `x-locale` header, then Accept-Language, then the host's default. */
export function callerLocale(headers: Headers): Locale {
  const explicit = headers.get('x-locale')
  if (isLocale(explicit)) return explicit
  const accept = headers.get('accept-language')
  if (accept) {
    const tags = accept
      .split(',')
      .map((part) => {
        const [tag, q] = part.trim().split(';q=')
        return { tag: tag.toLowerCase(), q: q ? Number(q) : 1 }
      })
      .sort((a, b) => b.q - a.q)
    for (const { tag } of tags) {
      const match = PREFIXES.find(([prefix]) => tag.startsWith(prefix))
      if (match) return match[1]
    }
  }
  return resolveEdition(requestHost(headers)).defaultLocale
}
