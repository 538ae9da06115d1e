import { createHmac, randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { newRequestId, readBody, safeEqual } from './aliyun-http'
import { sendJson, startFakeServer, type FakeContext, type FakeServer } from './server'

/** The temporary key pair AssumeRole hands out, in the vendor's field names. */
export type StsIssuedCredentials = { AccessKeyId: string; AccessKeySecret: string; SecurityToken: string; Expiration: string }

export type StsFakeOptions = {
  accessKeyId: string
  accessKeySecret: string
  port?: number
  /** Called with each issued pair, e.g. to register it with the OSS fake (`oss.addCredential`). */
  onIssue?: (credentials: { accessKeyId: string; accessKeySecret: string; securityToken: string; expiration: string }) => void
}

export type StsFake = FakeServer & { issued: StsIssuedCredentials[] }

const MAX_SKEW_MS = 15 * 60 * 1000
const REQUIRED = ['Action', 'AccessKeyId', 'Signature', 'SignatureMethod', 'SignatureVersion', 'SignatureNonce', 'Timestamp', 'Version', 'RoleArn', 'RoleSessionName']

/**
 * A fake STS answering AssumeRole (RPC style, parameters in the form body or query) after checking
 * the HMAC-SHA1 RPC signature, timestamp and nonce the way Aliyun does; errors are `{Code, Message, RequestId}`.
 */
export async function startStsFake(options: StsFakeOptions): Promise<StsFake> {
  const issued: StsIssuedCredentials[] = []
  const usedNonces = new Set<string>()

  async function handle(req: IncomingMessage, res: ServerResponse, ctx: FakeContext): Promise<void> {
    const requestId = newRequestId()
    const fail = (status: number, code: string, message: string) => sendJson(res, status, { RequestId: requestId, Code: code, Message: message })
    const body = (await readBody(req)).toString('utf8')
    if (ctx.fault?.kind === '5xx') return fail(500, 'InternalError', 'The request processing has failed due to some unknown error.')
    if (ctx.fault?.kind === '429') return fail(400, 'Throttling.User', 'Request was denied due to user flow control.')
    if (ctx.fault?.kind === 'malformed') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"RequestId":')

    // RPC APIs accept parameters in the query string and the form body alike; the signature covers both.
    const params = new Map<string, string>(ctx.url.searchParams)
    for (const [k, v] of new URLSearchParams(body)) params.set(k, v)
    const missing = REQUIRED.find((name) => !params.get(name))
    if (missing) return fail(400, `Missing${missing}`, `${missing} is mandatory for this action.`)
    if (params.get('Action') !== 'AssumeRole') return fail(404, 'InvalidAction.NotFound', 'Specified api is not found, please check your url and method.')
    if (params.get('Version') !== '2015-04-01') return fail(400, 'InvalidVersion', 'Specified parameter Version is not valid.')
    if (params.get('SignatureMethod') !== 'HMAC-SHA1' || params.get('SignatureVersion') !== '1.0') {
      return fail(400, 'InvalidSignatureMethod', 'Specified signature method or version is not supported.')
    }
    const sentAt = Date.parse(params.get('Timestamp') ?? '')
    if (Number.isNaN(sentAt) || Math.abs(sentAt - Date.now()) > MAX_SKEW_MS) {
      return fail(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.')
    }
    if (params.get('AccessKeyId') !== options.accessKeyId) return fail(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.')

    const signature = params.get('Signature') ?? ''
    params.delete('Signature')
    const expected = rpcSignature(req.method ?? 'POST', params, options.accessKeySecret)
    if (!safeEqual(signature, expected)) {
      return fail(400, 'SignatureDoesNotMatch', 'Specified signature is not matched with our calculation.')
    }
    // Checked after the signature so an attacker cannot burn nonces with unsigned requests.
    const nonce = params.get('SignatureNonce') ?? ''
    if (usedNonces.has(nonce)) return fail(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.')
    usedNonces.add(nonce)

    const duration = Number(params.get('DurationSeconds') ?? 3600)
    if (!Number.isInteger(duration) || duration < 900 || duration > 3600) {
      return fail(400, 'InvalidParameter.DurationSeconds', 'The Min/Max value of DurationSeconds is 15min/1hr.')
    }
    const arn = /^acs:ram::(\d+):role\/([\w.-]+)$/i.exec(params.get('RoleArn') ?? '')
    if (!arn) return fail(400, 'InvalidParameter.RoleArn', 'The parameter RoleArn is wrongly formed.')
    const session = params.get('RoleSessionName') ?? ''
    if (!/^[\w.@-]{2,64}$/.test(session)) return fail(400, 'InvalidParameter.RoleSessionName', 'The parameter RoleSessionName is wrongly formed.')

    const credentials: StsIssuedCredentials = {
      AccessKeyId: `STS.${randomBytes(12).toString('hex')}`,
      AccessKeySecret: randomBytes(24).toString('base64url'),
      SecurityToken: `CAIS${randomBytes(48).toString('base64')}`,
      Expiration: new Date(Date.now() + duration * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    }
    issued.push(credentials)
    ctx.count('issued')
    options.onIssue?.({
      accessKeyId: credentials.AccessKeyId,
      accessKeySecret: credentials.AccessKeySecret,
      securityToken: credentials.SecurityToken,
      expiration: credentials.Expiration,
    })
    const roleId = `3${randomBytes(9).toString('hex').slice(0, 17)}`
    sendJson(res, 200, {
      RequestId: requestId,
      AssumedRoleUser: { Arn: `acs:ram::${arn[1]}:assumed-role/${arn[2]}/${session}`, AssumedRoleId: `${roleId}:${session}` },
      Credentials: credentials,
    })
  }

  const server = await startFakeServer({ name: 'sts', port: options.port, handler: handle })
  return Object.assign(server, { issued })
}

/** Aliyun RPC percent-encoding: RFC 3986, so `!'()*` are encoded too (encodeURIComponent leaves them). */
function rpcEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)
}

function rpcSignature(method: string, params: Map<string, string>, secret: string): string {
  const canonical = [...params.keys()]
    .sort()
    .map((k) => `${rpcEncode(k)}=${rpcEncode(params.get(k) ?? '')}`)
    .join('&')
  const toSign = `${method.toUpperCase()}&${rpcEncode('/')}&${rpcEncode(canonical)}`
  return createHmac('sha1', `${secret}&`).update(toSign, 'utf8').digest('base64')
}
