import OSS from 'ali-oss'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signRpc } from '@/lib/storage/sts'
import { startStsFake, type StsFake } from './sts'

const root = { accessKeyId: 'LTAI5tStsFake', accessKeySecret: 'sts-secret' }
const roleArn = 'acs:ram::1234567890123456:role/uploader'
let sts: StsFake

beforeAll(async () => {
  sts = await startStsFake(root)
})
afterAll(async () => {
  await sts.close()
})

function signedForm(overrides: Record<string, string> = {}): string {
  const params: Record<string, string> = {
    Action: 'AssumeRole', RoleArn: roleArn, RoleSessionName: 'manual', DurationSeconds: '900', Format: 'JSON', Version: '2015-04-01',
    AccessKeyId: root.accessKeyId, SignatureMethod: 'HMAC-SHA1', SignatureVersion: '1.0', SignatureNonce: 'fixed-nonce',
    Timestamp: new Date().toISOString(), ...overrides,
  }
  params.Signature = signRpc('POST', params, root.accessKeySecret)
  return new URLSearchParams(params).toString()
}

const post = (body: string) => fetch(sts.url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body })

describe('STS fake', () => {
  it("accepts ali-oss's own STS client (an independent signer), policy included", async () => {
    const client = new OSS.STS({ ...root, endpoint: sts.url } as never)
    const policy = { Version: '1', Statement: [{ Effect: 'Allow', Action: ['oss:PutObject'], Resource: ["acs:oss:*:*:b/(x)*!'"] }] }
    const { credentials } = await client.assumeRole(roleArn, policy, 900, 'sdk-session')
    expect(credentials).toMatchObject({ AccessKeyId: expect.stringMatching(/^STS\./), SecurityToken: expect.stringMatching(/^CAIS/) })
    expect(credentials.Expiration).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
  })

  it('answers AssumedRoleUser, then refuses a replayed nonce', async () => {
    const body = signedForm()
    const first = await post(body)
    expect(first.status).toBe(200)
    expect(await first.json()).toMatchObject({ AssumedRoleUser: { Arn: 'acs:ram::1234567890123456:assumed-role/uploader/manual', AssumedRoleId: expect.stringMatching(/:manual$/) } })
    expect(await (await post(body)).json()).toMatchObject({ Code: 'SignatureNonceUsed' })
  })

  it('refuses a stale timestamp, a tampered parameter and a missing one', async () => {
    expect(await (await post(signedForm({ SignatureNonce: 'n2', Timestamp: '2020-01-01T00:00:00Z' }))).json()).toMatchObject({ Code: 'InvalidTimeStamp.Expired' })
    const tampered = signedForm({ SignatureNonce: 'n3' }).replace('DurationSeconds=900', 'DurationSeconds=3600')
    const res = await post(tampered)
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ Code: 'SignatureDoesNotMatch', RequestId: expect.any(String) })
    expect(await (await post('Action=AssumeRole')).json()).toMatchObject({ Code: 'MissingAccessKeyId' })
  })

  it('maps the shared 5xx fault onto an STS error body', async () => {
    sts.faults.set({ kind: '5xx', times: 1 })
    const res = await post(signedForm({ SignatureNonce: 'n4' }))
    expect(res.status).toBe(500)
    expect(await res.json()).toMatchObject({ Code: 'InternalError' })
  })
})
