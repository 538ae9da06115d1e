import { createHmac } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import { safeEqual } from './aliyun-http'

/** A key pair the fake accepts; STS pairs also carry the token (and may expire). */
export type OssCredential = { accessKeyId: string; accessKeySecret: string; securityToken?: string; expiration?: string }

/** Where a request points and what it carried, already split into bucket and decoded object key. */
export type OssSignedRequest = {
  method: string
  headers: IncomingHttpHeaders
  bucket: string
  objectKey: string
  query: URLSearchParams
}

export type OssAuthFailure = { status: number; code: string; message: string }

// OSS only signs these query parameters (the "sub-resources"); anything else in the query is ignored.
const SUB_RESOURCES = new Set([
  'acl', 'append', 'bucketInfo', 'callback', 'callback-var', 'cname', 'comp', 'continuation-token', 'cors', 'delete',
  'encryption', 'endTime', 'img', 'inventory', 'inventoryId', 'lifecycle', 'live', 'location', 'logging', 'objectMeta',
  'partNumber', 'policy', 'position', 'qos', 'referer', 'replication', 'replicationLocation', 'replicationProgress',
  'response-cache-control', 'response-content-disposition', 'response-content-encoding', 'response-content-language',
  'response-content-type', 'response-expires', 'restore', 'security-token', 'sequential', 'startTime', 'status',
  'style', 'styleName', 'symlink', 'tagging', 'uploadId', 'uploads', 'versionId', 'versioning', 'versions', 'vod',
  'website', 'x-oss-process', 'x-oss-traffic-limit',
])

const MAX_SKEW_MS = 15 * 60 * 1000

/** CanonicalizedResource: `/bucket/object` with the object key unencoded, then the sorted sub-resources. */
export function canonicalResource(bucket: string, objectKey: string, query: URLSearchParams): string {
  const subs = [...new Set(query.keys())].filter((k) => SUB_RESOURCES.has(k)).sort()
  const parts = subs.map((k) => {
    const value = query.get(k)
    return value ? `${k}=${value}` : k
  })
  return `/${bucket}/${objectKey}${parts.length ? `?${parts.join('&')}` : ''}`
}

/**
 * V1 StringToSign, rebuilt independently of ali-oss: VERB, Content-MD5, Content-Type, the date slot
 * (the Date header, or x-oss-date because ali-oss sends no Date; `Expires` for presigned URLs),
 * every x-oss-* header lower-cased and sorted as `k:v`, then the canonical resource.
 */
export function stringToSign(req: OssSignedRequest, dateSlot: string): string {
  const h = req.headers
  const ossHeaders = Object.keys(h)
    .filter((k) => k.startsWith('x-oss-'))
    .sort()
    .map((k) => `${k}:${String(h[k]).trim()}`)
  const head = [req.method.toUpperCase(), header(h, 'content-md5'), header(h, 'content-type'), dateSlot]
  return [...head, ...ossHeaders, canonicalResource(req.bucket, req.objectKey, req.query)].join('\n')
}

/** Checks a header-signed or presigned request; returns the credential used, or the OSS error to answer. */
export function verifyOssRequest(
  req: OssSignedRequest,
  credentials: OssCredential[],
  now = Date.now(),
): { credential: OssCredential } | { failure: OssAuthFailure } {
  const auth = header(req.headers, 'authorization')
  const isPresigned = !auth && req.query.has('OSSAccessKeyId') && req.query.has('Signature')
  if (!auth && !isPresigned) return fail(403, 'AccessDenied', 'You have no right to access this object because of bucket acl.')

  let accessKeyId: string
  let signature: string
  let dateSlot: string
  let token: string | undefined
  if (isPresigned) {
    accessKeyId = req.query.get('OSSAccessKeyId') ?? ''
    signature = req.query.get('Signature') ?? ''
    dateSlot = req.query.get('Expires') ?? ''
    token = req.query.get('security-token') ?? undefined
    const expires = Number(dateSlot)
    if (!Number.isFinite(expires) || expires * 1000 < now) return fail(403, 'AccessDenied', 'Request has expired.')
  } else {
    const match = /^OSS ([^:\s]+):(\S+)$/.exec(auth)
    if (!match) return fail(400, 'InvalidArgument', 'Authorization header is invalid.')
    ;[, accessKeyId, signature] = match
    dateSlot = header(req.headers, 'date') || header(req.headers, 'x-oss-date')
    token = header(req.headers, 'x-oss-security-token') || undefined
    const sent = Date.parse(dateSlot)
    if (Number.isNaN(sent)) return fail(403, 'AccessDenied', 'OSS authentication requires a valid Date.')
    if (Math.abs(sent - now) > MAX_SKEW_MS) {
      return fail(403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.')
    }
  }

  const credential = credentials.find((c) => c.accessKeyId === accessKeyId)
  if (!credential) return fail(403, 'InvalidAccessKeyId', 'The OSS Access Key Id you provided does not exist in our records.')
  if (credential.securityToken !== undefined) {
    if (!token || !safeEqual(token, credential.securityToken)) {
      return fail(403, 'InvalidSecurityToken', 'The security token you provided is invalid.')
    }
    if (credential.expiration && Date.parse(credential.expiration) < now) {
      return fail(403, 'SecurityTokenExpired', 'The security token you provided has expired.')
    }
  }

  const toSign = stringToSign(req, dateSlot)
  const expected = createHmac('sha1', credential.accessKeySecret).update(toSign, 'utf8').digest('base64')
  if (!safeEqual(signature, expected)) {
    return fail(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.')
  }
  return { credential }
}

function header(headers: IncomingHttpHeaders, name: string): string {
  const value = headers[name]
  return Array.isArray(value) ? value.join(',') : (value ?? '')
}

function fail(status: number, code: string, message: string): { failure: OssAuthFailure } {
  return { failure: { status, code, message } }
}
