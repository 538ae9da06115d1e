// Host -> edition: everything that differs between the China host, the international host and
// development hosts. Pure, so proxy, server and client share it.

import { isLocalHost, normalizeHost, siteHosts } from './hosts'
import type { Locale } from './locales'

export { locales, type Locale } from './locales'
export type EditionName = 'cn' | 'intl' | 'dev'

export type Edition = {
  name: EditionName
  defaultLocale: Locale
  showLanguageSwitcher: boolean
  googleLogin: boolean
  wechatLogin: boolean
  showLicenceLine: boolean
  cardPayment: boolean
}

export const EDITION_NAMES: readonly EditionName[] = ['cn', 'intl', 'dev']

/** What an edition shows, whatever the exact host: the part a static page can be built from. */
export type EditionView = Omit<Edition, 'cardPayment'>

const VIEWS: Record<EditionName, EditionView> = {
  cn: { name: 'cn', defaultLocale: 'zh-CN', showLanguageSwitcher: false, googleLogin: false, wechatLogin: true, showLicenceLine: true },
  intl: { name: 'intl', defaultLocale: 'en-US', showLanguageSwitcher: true, googleLogin: true, wechatLogin: false, showLicenceLine: false },
  dev: { name: 'dev', defaultLocale: 'zh-CN', showLanguageSwitcher: true, googleLogin: false, wechatLogin: true, showLicenceLine: true },
}

export function isEditionName(value: unknown): value is EditionName {
  return typeof value === 'string' && (EDITION_NAMES as readonly string[]).includes(value)
}

/** The host-independent part of an edition (the proxy puts its name in the path of every page). */
export function editionView(name: EditionName): EditionView {
  return VIEWS[name]
}

/** Resolves a request host (port ignored) to its edition; unknown hosts are development hosts. */
export function resolveEdition(rawHost: string | null | undefined): Edition {
  const host = normalizeHost(rawHost)
  const hosts = siteHosts()
  const cardPayment = isLocalHost(host) || (hosts.production !== '' && host === hosts.production)
  const name: EditionName = host === hosts.cn ? 'cn' : host === hosts.intl ? 'intl' : 'dev'
  return { ...VIEWS[name], cardPayment }
}

/** Prices are shown in yuan (originalPrice) in Chinese and in dollars (dollarPrice) otherwise. */
export function currencyFor(locale: Locale): 'CNY' | 'USD' {
  return locale === 'zh-CN' ? 'CNY' : 'USD'
}

/**
 * The region check that picks a points catalogue: the international edition sells the
 * `trans_list` packs, every other host (the China edition, development hosts) the `list` packs.
 */
export function productCatalogue(edition: EditionName): 'list' | 'trans_list' {
  return edition === 'intl' ? 'trans_list' : 'list'
}

const FALLBACK_CONTACT = 'support@subtitle-studio.example'

/** The service address of an edition: service@ its host, a fixed address on local and development hosts. */
export function contactAddress(edition: EditionName): string {
  const hosts = siteHosts()
  const host = edition === 'cn' ? hosts.cn : edition === 'intl' ? hosts.intl : ''
  if (!host || isLocalHost(host) || /^[\d.]+$/.test(host)) return FALLBACK_CONTACT
  return `service@${host.replace(/^www\./, '')}`
}

export { configuredOrigin, requestHost, requestProto, trustsProxy } from './request-host'
export { isLocalHost, normalizeHost, siteHosts } from './hosts'
