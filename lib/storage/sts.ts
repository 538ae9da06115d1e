import { createHmac, randomUUID } from 'node:crypto'
import { CodedError } from './errors'

/** Temporary OSS credentials; pass `securityToken` as `stsToken` to createOssStorage. */
export type StsCredentials = { accessKeyId: string; accessKeySecret: string; securityToken: string; expiration: string }

export type AssumeRoleOptions = {
  /** `https://sts.aliyuncs.com` (STS_BASE_URL); the API lives at its root. */
  stsBaseUrl: string
  accessKeyId: string
  accessKeySecret: string
  roleArn: string
  sessionName: string
  /** 900 up to the role's maximum session duration. */
  durationSeconds?: number
  /** Optional policy that narrows the role further. */
  policy?: object
  timeoutMs?: number
}

/** An error answer from STS (`{Code, Message, RequestId}`), or `network` / `bad_response` of our own. */
export class StsError extends CodedError {
  override name = 'StsError'
}

/** Aliyun RPC percent-encoding: RFC 3986 unreserved characters only, so `!'()*` are encoded as well. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase())
}

/** Signature V1 of an RPC call: base64 HMAC-SHA1 keyed by `secret&` over `METHOD&%2F&enc(sorted k=v&…)`. */
export function signRpc(method: string, params: Record<string, string>, accessKeySecret: string): string {
  const query = Object.keys(params)
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k])}`)
    .join('&')
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(query)}`
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign, 'utf8').digest('base64')
}

/**
 * Calls STS AssumeRole (POST form, signature V1) and returns the temporary credentials.
 * Rule: any non-2xx answer throws StsError with STS's `Code`; a fresh nonce is used per call.
 */
export async function assumeRole(options: AssumeRoleOptions): Promise<StsCredentials> {
  const params: Record<string, string> = {
    Action: 'AssumeRole',
    RoleArn: options.roleArn,
    RoleSessionName: options.sessionName,
    DurationSeconds: String(options.durationSeconds ?? 3600),
    Format: 'JSON',
    Version: '2015-04-01',
    AccessKeyId: options.accessKeyId,
    SignatureMethod: 'HMAC-SHA1',
    SignatureVersion: '1.0',
    SignatureNonce: randomUUID(),
    Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
  }
  if (options.policy) params.Policy = JSON.stringify(options.policy)
  params.Signature = signRpc('POST', params, options.accessKeySecret)

  const endpoint = new URL('/', options.stsBaseUrl)
  let response: Response
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    })
  } catch (err) {
    throw new StsError('network', `STS AssumeRole request failed: ${(err as Error).message}`, { cause: err })
  }

  const text = await response.text()
  let data: Record<string, unknown>
  try {
    data = JSON.parse(text) as Record<string, unknown>
  } catch (err) {
    throw new StsError('bad_response', `STS answered ${response.status} with non-JSON`, { status: response.status, cause: err })
  }
  const requestId = typeof data.RequestId === 'string' ? data.RequestId : undefined
  if (!response.ok) {
    const code = typeof data.Code === 'string' ? data.Code : 'unknown'
    throw new StsError(code, `STS AssumeRole failed: ${code}: ${String(data.Message ?? '')}`, { status: response.status, requestId })
  }
  const c = data.Credentials as Record<string, unknown> | undefined
  const fields = [c?.AccessKeyId, c?.AccessKeySecret, c?.SecurityToken, c?.Expiration]
  if (!fields.every((f): f is string => typeof f === 'string' && f.length > 0)) {
    throw new StsError('bad_response', 'STS answer has no complete Credentials', { status: response.status, requestId })
  }
  const [accessKeyId, accessKeySecret, securityToken, expiration] = fields
  return { accessKeyId, accessKeySecret, securityToken, expiration }
}
