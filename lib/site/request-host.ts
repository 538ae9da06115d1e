// Which host and scheme a request was sent to. X-Forwarded-Host and X-Forwarded-Proto are set by
// our load balancer, but any client can send them too: they are read only when TRUST_PROXY=1
// (validated with the other settings in lib/env; read here from process.env so the proxy, pages
// and routes share one rule without loading the whole environment).
import { isOn } from '@/lib/env/on-off'
import { normalizeHost, siteHosts } from './hosts'

type HeaderSource = { get(name: string): string | null }

/** TRUST_PROXY as lib/env reads it: 1, true, on or yes. */
export function trustsProxy(): boolean {
  return isOn(process.env.TRUST_PROXY)
}

function first(value: string | null): string | null {
  const part = value?.split(',')[0].trim()
  return part || null
}

/** The Host the visitor used, port included: X-Forwarded-Host only behind a trusted proxy. */
export function requestHost(headers: HeaderSource): string | null {
  return (trustsProxy() ? first(headers.get('x-forwarded-host')) : null) ?? first(headers.get('host'))
}

/** The scheme the visitor used: X-Forwarded-Proto only behind a trusted proxy, else the connection's. */
export function requestProto(headers: HeaderSource, connectionProtocol: string): 'http' | 'https' {
  const proto = (trustsProxy() ? first(headers.get('x-forwarded-proto')) : null) ?? connectionProtocol.replace(':', '')
  return proto.toLowerCase() === 'https' ? 'https' : 'http'
}

const HOST_SYNTAX = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i

function isLocalHost(host: string) {
  return host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '[::1]'
}

/**
 * The origin of a configured host for a request: the visitor's host when it is one of ours
 * (SITE_HOST_CN, SITE_HOST_INTL, SITE_PRODUCTION_HOST, or a local development host, which alone
 * keeps its port), otherwise the China host. Absolute URLs we hand out (OAuth callbacks,
 * redirects) are built from it, so a forged Host header can never point them elsewhere.
 */
export function configuredOrigin(headers: HeaderSource, connectionProtocol: string): string {
  const given = requestHost(headers) ?? ''
  // Only a plain host name or address with an optional port (no `@`, `/` or other URL parts).
  const raw = HOST_SYNTAX.test(given) ? given : ''
  const host = normalizeHost(raw)
  const hosts = siteHosts()
  if (isLocalHost(host)) return `${requestProto(headers, connectionProtocol)}://${raw.toLowerCase()}`
  const known = [hosts.cn, hosts.intl, hosts.production].filter(Boolean)
  const chosen = known.includes(host) ? host : hosts.cn
  return isLocalHost(chosen) ? `http://${chosen}` : `https://${chosen}`
}
