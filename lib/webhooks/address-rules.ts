import { BlockList, isIP } from 'node:net'

// Where a webhook may not go unless its host is listed in WEBHOOK_ALLOW_HOSTS: an address a
// creator types must not make our server call into its own network (server-side request forgery:
// the database, a cloud's metadata service at 169.254.169.254, an admin port on loopback).

const refused = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) refused.addSubnet(net, prefix, 'ipv4')
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) refused.addSubnet(net, prefix, 'ipv6')

/** An IPv4 address carried inside an IPv6 one (`::ffff:10.0.0.1`, NAT64 `64:ff9b::a00:1`), or null. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase()
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower)
  if (dotted) return dotted[1]
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower)
  if (!hex) return null
  const [high, low] = [parseInt(hex[1], 16), parseInt(hex[2], 16)]
  return [high >> 8, high & 255, low >> 8, low & 255].join('.')
}

/** Whether an IP address is private, loopback, link-local or otherwise not a public destination. */
export function isRefusedAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 4) return refused.check(address, 'ipv4')
  if (family !== 6) return true
  const v4 = embeddedIpv4(address)
  return v4 ? refused.check(v4, 'ipv4') : refused.check(address, 'ipv6')
}

/** A URL's host as compared with the allow list: lower case, an IPv6 literal without brackets. */
export function hostOf(url: URL): string {
  return url.hostname.toLowerCase().replace(/^\[|\]$/g, '')
}

/** Whether a host is listed in WEBHOOK_ALLOW_HOSTS (comma-separated, as typed in the URL). */
export function isAllowedHost(host: string, allowList: string): boolean {
  return allowList
    .split(',')
    .map((entry) => entry.trim().toLowerCase().replace(/^\[|\]$/g, ''))
    .filter(Boolean)
    .includes(host)
}
