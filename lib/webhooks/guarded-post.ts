import 'server-only'
import { lookup, type LookupAddress } from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import { env } from '@/lib/env'
import { hostOf, isAllowedHost, isRefusedAddress } from './address-rules'

/** A receiver must answer within this long; a slower answer counts as a failure. */
export const ANSWER_TIMEOUT_MS = 10_000

export class RefusedAddressError extends Error {
  constructor() {
    super('the address is on a private, loopback or link-local network')
    this.name = 'RefusedAddressError'
  }
}

/**
 * Refuses a URL whose host is, or resolves to, a refused address (unless the host is listed).
 * Checked when an endpoint is saved; the post checks again at connect time, as DNS may change.
 */
export async function assertPublicUrl(url: URL): Promise<void> {
  const host = hostOf(url)
  if (isAllowedHost(host, env().WEBHOOK_ALLOW_HOSTS)) return
  if (isIP(host)) {
    if (isRefusedAddress(host)) throw new RefusedAddressError()
    return
  }
  const addresses = await new Promise<LookupAddress[]>((resolve, reject) => lookup(host, { all: true }, (error, found) => (error ? reject(error) : resolve(found))))
  if (addresses.length === 0 || addresses.some((a) => isRefusedAddress(a.address))) throw new RefusedAddressError()
}

/** DNS lookup for the connection itself: every address the name resolves to must be public. */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, found) => {
    if (error) return callback(error, '', 4)
    const addresses = found as LookupAddress[]
    if (addresses.length === 0 || addresses.some((a) => isRefusedAddress(a.address))) return callback(new RefusedAddressError(), '', 4)
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses)
    callback(null, addresses[0].address, addresses[0].family)
  })
}

export type PostResult = { status: number } | { error: string }

/**
 * POSTs a JSON body and answers the receiver's status, reading at most a few KB of its answer.
 * Redirects are not followed (a 3xx is a failure like any non-2xx); no answer within
 * ANSWER_TIMEOUT_MS is a failure; a refused address is never connected to.
 */
export async function guardedPost(target: string, headers: Record<string, string>, body: string): Promise<PostResult> {
  const url = new URL(target)
  const allowed = isAllowedHost(hostOf(url), env().WEBHOOK_ALLOW_HOSTS)
  if (!allowed && isIP(hostOf(url)) && isRefusedAddress(hostOf(url))) return { error: 'refused address' }
  const client = url.protocol === 'https:' ? https : http
  return new Promise<PostResult>((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'SubtitleStudio-Webhooks/1', ...headers },
        ...(allowed ? {} : { lookup: guardedLookup }),
        signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
      },
      (response) => {
        let read = 0
        response.on('data', (chunk: Buffer) => {
          read += chunk.length
          if (read > 64 * 1024) response.destroy()
        })
        response.on('error', () => {})
        response.on('close', () => resolve({ status: response.statusCode ?? 0 }))
        response.on('end', () => resolve({ status: response.statusCode ?? 0 }))
      },
    )
    request.on('error', (error) => resolve({ error: error instanceof RefusedAddressError ? 'refused address' : error.name === 'AbortError' || error.name === 'TimeoutError' ? 'timed out' : 'connection failed' }))
    request.end(body)
  })
}
