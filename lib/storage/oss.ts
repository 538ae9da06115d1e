import { isIP } from 'node:net'
import type { IncomingMessage } from 'node:http'
import { Readable } from 'node:stream'
import OSS from 'ali-oss'
import { isLocalHost } from '@/lib/site/hosts'
import { assertSafeKey, StorageError } from './errors'
import type { OssStorageConfig, StorageDriver } from './types'

/** Upload timeout (120 s); large subtitle batches on slow links need the full two minutes. */
export const OSS_PUT_TIMEOUT_MS = 120_000

// @types/ali-oss omits sldEnable although ali-oss 6.23 reads it (lib/common/client/getReqUrl.js).
type ClientOptions = OSS.Options & { sldEnable?: boolean }

/**
 * Picks how ali-oss addresses the bucket, as observed against a local server with ali-oss 6.23.0:
 * - no endpoint: the regional Aliyun host, virtual-hosted `bucket.oss-<region>.aliyuncs.com`, HTTPS;
 * - `cname`: the bound custom domain as given;
 * - an IP endpoint: ali-oss always sends `Host: bucket.oss-<region>.aliyuncs.com` with path `/object`,
 *   so sldEnable must stay off (with it on the path becomes `/bucket/object` under that same Host,
 *   which a real OSS would read as object `bucket/object`);
 * - a `localhost` endpoint: path style `/bucket/object` via sldEnable (otherwise it would dial `bucket.localhost`).
 */
export function ossClientOptions(config: OssStorageConfig): ClientOptions {
  const region = config.region.startsWith('oss-') ? config.region : `oss-${config.region}`
  const base: ClientOptions = {
    region,
    bucket: config.bucket,
    accessKeyId: config.accessKeyId,
    accessKeySecret: config.accessKeySecret,
    stsToken: config.stsToken,
    // ali-oss warns about every client built with a token unless an interval is set. It only refreshes
    // through refreshSTSToken, which we never pass: a new client is built per credential set instead.
    ...(config.stsToken ? { refreshSTSTokenInterval: 3_600_000 } : {}),
    secure: true,
  }
  if (!config.endpoint) return base
  // ali-oss also takes a bare host name and then picks the protocol from `secure`; HTTPS is ours.
  const url = new URL(/^https?:\/\//i.test(config.endpoint) ? config.endpoint : `https://${config.endpoint}`)
  // A local name takes path-style addresses (`bucket.localhost` would not resolve); an IP address
  // already gets them from ali-oss without sldEnable.
  const isLocalName = isLocalHost(url.hostname) && isIP(url.hostname.replace(/^\[|\]$/g, '')) === 0
  return {
    ...base,
    endpoint: url.origin,
    secure: url.protocol === 'https:',
    cname: Boolean(config.cname),
    sldEnable: !config.cname && isLocalName,
  }
}

/**
 * Stores objects in one OSS bucket through ali-oss (V1 signatures). Rules: keys pass `assertSafeKey`;
 * a PUT times out after `opts.timeoutMs` (default 120 s); a missing object reads as null; every
 * failure becomes a StorageError carrying OSS's code, status and request id.
 */
export function createOssStorage(config: OssStorageConfig): StorageDriver {
  const client = new OSS(ossClientOptions(config))

  return {
    kind: 'oss',
    async put(key, body, opts = {}) {
      assertSafeKey(key)
      // ali-oss treats a string argument as a file path to upload, so text is always sent as bytes.
      const content = typeof body === 'string' ? Buffer.from(body, 'utf8') : body
      try {
        const result = await client.put(key, content, { timeout: opts.timeoutMs ?? OSS_PUT_TIMEOUT_MS, mime: opts.contentType })
        return { key, url: result.url }
      } catch (err) {
        throw toStorageError(err, `OSS put ${key} failed`)
      }
    },
    async putFile(key, file, opts = {}) {
      assertSafeKey(key)
      try {
        // Given a path, ali-oss sends the file as a stream of its known length (and opens it again to retry).
        const result = await client.put(key, file, { timeout: opts.timeoutMs ?? OSS_PUT_TIMEOUT_MS, mime: opts.contentType ?? 'application/octet-stream' })
        return { key, url: result.url }
      } catch (err) {
        throw toStorageError(err, `OSS put ${key} failed`)
      }
    },
    async get(key) {
      assertSafeKey(key)
      try {
        const result = await client.get(key)
        return Buffer.isBuffer(result.content) ? result.content : Buffer.from(result.content ?? '')
      } catch (err) {
        const failure = toStorageError(err, `OSS get ${key} failed`)
        if (failure.code === 'NoSuchKey') return null
        throw failure
      }
    },
    async size(key) {
      assertSafeKey(key)
      try {
        const result = await client.head(key)
        return Number((result.res.headers as Record<string, string>)['content-length'])
      } catch (err) {
        const failure = toStorageError(err, `OSS head ${key} failed`)
        if (failure.code === 'NoSuchKey') return null
        throw failure
      }
    },
    async stream(key, range) {
      assertSafeKey(key)
      let result: { stream?: IncomingMessage; res: { status: number } }
      try {
        // A ranged GET: OSS sends only those bytes (206); the body is handed on as it arrives.
        result = await client.getStream(key, range ? { headers: { Range: `bytes=${range.start}-${range.end}` } } : {})
      } catch (err) {
        const failure = toStorageError(err, `OSS get ${key} failed`)
        if (failure.code === 'NoSuchKey') return null
        // A streamed answer's error body is not read, so only its status names a range past the end.
        if (failure.status === 416) throw new StorageError('InvalidRange', failure.message, { status: 416, requestId: failure.requestId, cause: err })
        throw failure
      }
      if (!result.stream || (range && result.res.status !== 206)) {
        // A whole object where a range was asked for would be answered as that range: refused.
        result.stream?.destroy()
        throw new StorageError('InvalidRange', `OSS get ${key} answered ${result.res.status} without the bytes asked for`, { status: result.res.status })
      }
      return Readable.toWeb(result.stream) as ReadableStream<Uint8Array>
    },
    async delete(key) {
      assertSafeKey(key)
      try {
        await client.delete(key)
      } catch (err) {
        throw toStorageError(err, `OSS delete ${key} failed`)
      }
    },
  }
}

type AliOssError = { name?: string; code?: string; status?: number; requestId?: string; message?: string }

function toStorageError(err: unknown, context: string): StorageError {
  const e = (err ?? {}) as AliOssError
  const isTimeout = e.name === 'ResponseTimeoutError' || e.name === 'ConnectionTimeoutError'
  const code = isTimeout ? 'timeout' : e.code || e.name || 'unknown'
  return new StorageError(code, `${context}: ${e.message ?? String(err)}`, { status: e.status, requestId: e.requestId, cause: err })
}
