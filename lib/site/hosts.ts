// The configured host names, and how a Host header value is compared with them.

/** Host names are inlined at build time (next.config `env`) and read at run time by the proxy. */
export function siteHosts() {
  return {
    cn: (process.env.SITE_HOST_CN || 'cn.localhost').toLowerCase(),
    intl: (process.env.SITE_HOST_INTL || 'intl.localhost').toLowerCase(),
    production: (process.env.SITE_PRODUCTION_HOST || '').toLowerCase(),
  }
}

/** This machine by name or address: `localhost`, a `*.localhost` name, 127.0.0.1 or [::1] (the one local-host test). */
export function isLocalHost(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '[::1]'
}

/** Lower-cases a Host header value and strips its port. */
export function normalizeHost(host: string | null | undefined): string {
  if (!host) return ''
  const first = host.split(',')[0].trim().toLowerCase()
  if (first.startsWith('[')) return first.slice(0, first.indexOf(']') + 1)
  return first.replace(/:\d+$/, '')
}
