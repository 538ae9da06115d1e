// Host -> edition: everything that differs between the China host, the international host and
// development hosts. Pure, so proxy, server and client share it.

export type Locale = 'zh-CN' | 'en-US' | 'ja-JP'
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

/** Host names are inlined at build time (next.config `env`) and read at run time by the proxy. */
export function siteHosts() {
  return {
    cn: (process.env.SITE_HOST_CN || 'cn.localhost').toLowerCase(),
    intl: (process.env.SITE_HOST_INTL || 'intl.localhost').toLowerCase(),
    production: (process.env.SITE_PRODUCTION_HOST || '').toLowerCase(),
  }
}

/** Lower-cases a Host header value and strips its port. */
export function normalizeHost(host: string | null | undefined): string {
  if (!host) return ''
  const first = host.split(',')[0].trim().toLowerCase()
  if (first.startsWith('[')) return first.slice(0, first.indexOf(']') + 1)
  return first.replace(/:\d+$/, '')
}

function isLocalHost(host: string) {
  return host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '[::1]'
}

/** Resolves a request host (port ignored) to its edition; unknown hosts are development hosts. */
export function resolveEdition(rawHost: string | null | undefined): Edition {
  const host = normalizeHost(rawHost)
  const hosts = siteHosts()
  const cardPayment = isLocalHost(host) || (hosts.production !== '' && host === hosts.production)
  if (host === hosts.cn) {
    return { name: 'cn', defaultLocale: 'zh-CN', showLanguageSwitcher: false, googleLogin: false, wechatLogin: true, showLicenceLine: true, cardPayment }
  }
  if (host === hosts.intl) {
    return { name: 'intl', defaultLocale: 'en-US', showLanguageSwitcher: true, googleLogin: true, wechatLogin: false, showLicenceLine: false, cardPayment }
  }
  return { name: 'dev', defaultLocale: 'zh-CN', showLanguageSwitcher: true, googleLogin: false, wechatLogin: true, showLicenceLine: true, cardPayment }
}

/** Currency symbol of the spec: yuan for Chinese and Japanese, dollar for English. */
export function currencyFor(locale: Locale): 'CNY' | 'USD' {
  return locale === 'en-US' ? 'USD' : 'CNY'
}
