import { defineRouting } from 'next-intl/routing'
import { locales } from '@/lib/site/locales'

export { locales }

/** The static routing; the proxy swaps `defaultLocale` per host (see proxy.ts). */
export const routing = defineRouting({
  locales,
  defaultLocale: 'zh-CN',
  localePrefix: 'as-needed',
  localeDetection: false,
  localeCookie: false,
  alternateLinks: false,
})

export function isLocale(value: unknown): value is (typeof locales)[number] {
  return typeof value === 'string' && (locales as readonly string[]).includes(value)
}
