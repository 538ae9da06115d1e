import { createHash } from 'node:crypto'
import { isIP } from 'node:net'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { newRequestId, readBody } from './aliyun-http'
import { startFakeServer, type FakeContext, type FakeServer, type FaultKind } from './server'
import { verifyOssRequest, type OssCredential } from './oss-auth'

export type { OssCredential } from './oss-auth'

export type OssFakeOptions = {
  accessKeyId: string
  accessKeySecret: string
  bucket: string
  /** When set, the main key pair behaves like an STS pair: every request must carry this token. */
  securityToken?: string
  port?: number
}

/** How a faulted PUT misbehaves: a 500 InternalError, or no answer at all until the client gives up. */
export type OssFaultMode = 'error' | 'hang'

export type OssFake = FakeServer & {
  bucket: string
  /** Stored objects by key (no bucket prefix); tests may read or seed it. */
  objects: Map<string, Buffer>
  /** Every request as received, so a test can assert the addressing style. */
  requests: Array<{ method: string; path: string; host: string }>
  /** Accepts another key pair, typically the temporary one the STS fake just issued. */
  addCredential(credential: OssCredential): void
  /** Makes the next `count` PUTs fail (500 InternalError) or hang, whatever the shared fault setting. */
  failNextPuts(count: number, mode?: OssFaultMode): void
}

/**
 * A minimal OSS for one bucket on 127.0.0.1. Accepts path-style (`/bucket/object`) and
 * Host-style (`Host: bucket.…`, path `/object`) addressing, verifies the V1 header or presigned
 * signature, the security token and Content-MD5, and answers with OSS's XML errors.
 */
export async function startOssFake(options: OssFakeOptions): Promise<OssFake> {
  const { bucket } = options
  const credentials: OssCredential[] = [
    { accessKeyId: options.accessKeyId, accessKeySecret: options.accessKeySecret, securityToken: options.securityToken },
  ]
  const objects = new Map<string, Buffer>()
  const contentTypes = new Map<string, string>()
  const requests: OssFake['requests'] = []
  const pendingFaults: OssFaultMode[] = []

  async function handle(req: IncomingMessage, res: ServerResponse, ctx: FakeContext): Promise<void> {
    const requestId = newRequestId()
    const method = req.method ?? 'GET'
    const host = req.headers.host ?? ''
    const { url } = ctx
    requests.push({ method, path: url.pathname, host })
    const body = await readBody(req)

    const target = parseTarget(host, url.pathname)
    if (!target) return sendError(res, requestId, 400, 'InvalidURI', 'Could not parse the specified URI.')
    if (target.bucket !== bucket) return sendError(res, requestId, 404, 'NoSuchBucket', 'The specified bucket does not exist.')

    if (method === 'PUT' && pendingFaults.length > 0) {
      ctx.noteFault()
      // A hung request is only released when the client times out or the fake closes.
      if (pendingFaults.shift() === 'hang') return
      return sendError(res, requestId, 500, 'InternalError', 'We encountered an internal error. Please try again.')
    }
    if (ctx.fault && answerFault(res, requestId, ctx.fault.kind)) return

    const signed = { method, headers: req.headers, bucket: target.bucket, objectKey: target.objectKey, query: url.searchParams }
    const verdict = verifyOssRequest(signed, credentials)
    if ('failure' in verdict) {
      const { status, code, message } = verdict.failure
      return sendError(res, requestId, status, code, message, method === 'HEAD')
    }
    if (!target.objectKey) return sendError(res, requestId, 501, 'NotImplemented', 'Bucket operations are not supported by this fake.')

    const key = target.objectKey
    if (method === 'PUT') {
      const sentMd5 = req.headers['content-md5']
      const actualMd5 = createHash('md5').update(body).digest('base64')
      if (sentMd5 !== undefined && sentMd5 !== actualMd5) {
        return sendError(res, requestId, 400, 'InvalidDigest', 'The Content-MD5 you specified did not match what we received.')
      }
      ctx.count('puts')
      objects.set(key, body)
      contentTypes.set(key, req.headers['content-type'] ?? 'application/octet-stream')
      res.writeHead(200, { ETag: etagOf(body), 'x-oss-request-id': requestId, 'Content-MD5': actualMd5, 'Content-Length': '0' })
      return void res.end()
    }
    if (method === 'GET' || method === 'HEAD') {
      const stored = objects.get(key)
      if (!stored) return sendError(res, requestId, 404, 'NoSuchKey', 'The specified key does not exist.', method === 'HEAD')
      const headers = { ETag: etagOf(stored), 'Content-Type': contentTypes.get(key) ?? 'application/octet-stream', 'Accept-Ranges': 'bytes', 'x-oss-request-id': requestId }
      const range = method === 'GET' ? ossRange(req.headers.range, stored.length) : null
      if (range === 'unsatisfiable') {
        res.setHeader('Content-Range', `bytes */${stored.length}`)
        return sendError(res, requestId, 416, 'InvalidRange', 'The requested range cannot be satisfied.')
      }
      if (range) {
        ctx.count('ranged-gets')
        res.writeHead(206, { ...headers, 'Content-Range': `bytes ${range.start}-${range.end}/${stored.length}`, 'Content-Length': String(range.end - range.start + 1) })
        return void res.end(stored.subarray(range.start, range.end + 1))
      }
      res.writeHead(200, { ...headers, 'Content-Length': String(stored.length) })
      return void res.end(method === 'GET' ? stored : undefined)
    }
    if (method === 'DELETE') {
      // OSS answers 204 whether or not the object existed.
      objects.delete(key)
      contentTypes.delete(key)
      res.writeHead(204, { 'x-oss-request-id': requestId })
      return void res.end()
    }
    return sendError(res, requestId, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.')
  }

  const server = await startFakeServer({ name: 'oss', port: options.port, handler: handle })
  // Object.assign rather than a spread: FakeServer.stats is a live getter.
  return Object.assign(server, {
    bucket,
    objects,
    requests,
    addCredential: (credential: OssCredential) => void credentials.push(credential),
    failNextPuts: (count: number, mode: OssFaultMode = 'error') => void pendingFaults.push(...Array<OssFaultMode>(count).fill(mode)),
  })
}

/** Maps the shared fault kinds onto OSS-shaped failures; false means "answer normally". */
function answerFault(res: ServerResponse, requestId: string, kind: FaultKind): boolean {
  if (kind === '5xx') sendError(res, requestId, 500, 'InternalError', 'We encountered an internal error. Please try again.')
  else if (kind === '429') sendError(res, requestId, 503, 'SlowDown', 'Please reduce your request rate.')
  else if (kind === 'malformed') {
    res.writeHead(500, { 'Content-Type': 'application/xml', 'x-oss-request-id': requestId })
    res.end('<Error><Code>Intern')
  } else return false
  return true
}

/**
 * Host-style when the Host is a dotted name (`bucket.oss-cn-hangzhou.aliyuncs.com`, which ali-oss
 * sends for IP endpoints); path-style for an IP or plain `localhost` Host.
 */
function parseTarget(host: string, rawPath: string): { bucket: string; objectKey: string } | null {
  const hostname = host.replace(/:\d+$/, '').replace(/^\[|\]$/g, '')
  try {
    if (hostname.includes('.') && isIP(hostname) === 0) {
      return { bucket: hostname.split('.')[0], objectKey: decodeURIComponent(rawPath.slice(1)) }
    }
    const [, first = '', ...rest] = rawPath.split('/')
    return { bucket: decodeURIComponent(first), objectKey: decodeURIComponent(rest.join('/')) }
  } catch {
    return null
  }
}

/**
 * OSS's reading of a `Range` header on a GET: one `bytes=a-b`, `bytes=a-` or `bytes=-n` range is
 * answered 206 (an end past the object is cut to it); a start past the object is 416 InvalidRange;
 * anything else (several ranges, a malformed header) is ignored and the whole object sent (200).
 */
function ossRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null
  if (!match || (match[1] === '' && match[2] === '')) return null
  if (match[1] === '') return Number(match[2]) === 0 ? 'unsatisfiable' : { start: Math.max(0, size - Number(match[2])), end: size - 1 }
  const start = Number(match[1])
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)
  if (match[2] !== '' && Number(match[2]) < start) return null
  return start >= size ? 'unsatisfiable' : { start, end }
}

function etagOf(body: Buffer): string {
  return `"${createHash('md5').update(body).digest('hex').toUpperCase()}"`
}

function sendError(res: ServerResponse, requestId: string, status: number, code: string, message: string, isHead = false): void {
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Error><Code>${escapeXml(code)}</Code><Message>${escapeXml(message)}</Message>` +
    `<RequestId>${requestId}</RequestId><HostId>127.0.0.1</HostId></Error>`
  res.writeHead(status, { 'Content-Type': 'application/xml', 'x-oss-request-id': requestId })
  res.end(isHead ? undefined : xml)
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}
