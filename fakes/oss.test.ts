import OSS from 'ali-oss'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startOssFake, type OssFake } from './oss'

// The fake is checked against the real ali-oss client (not our driver), so it stays faithful to the SDK.
const base = { accessKeyId: 'LTAI5tFakeTest', accessKeySecret: 'fake-secret', bucket: 'fake-bucket' }
let fake: OssFake

beforeAll(async () => {
  fake = await startOssFake({ ...base, securityToken: 'CAIS-token' })
})
afterAll(async () => {
  await fake.close()
})

function client(extra: Record<string, unknown> = {}): OSS {
  return new OSS({ region: 'oss-cn-hangzhou', ...base, stsToken: 'CAIS-token', refreshSTSTokenInterval: 3_600_000, endpoint: `http://localhost:${fake.port}`, sldEnable: true, ...extra } as OSS.Options)
}

describe('OSS fake', () => {
  it('stores with ETag and request id, serves GET and HEAD, deletes with 204', async () => {
    const put = await client().put('dir/a.srt', Buffer.from('abc'))
    expect(put.res.status).toBe(200)
    expect(put.res.headers).toMatchObject({ etag: '"900150983CD24FB0D6963F7D28E17F72"', 'x-oss-request-id': expect.stringMatching(/^[0-9A-F]{24}$/) })
    expect((await client().get('dir/a.srt')).content.toString()).toBe('abc')
    expect((await client().head('dir/a.srt')).res.headers).toMatchObject({ 'content-type': 'application/x-subrip', 'content-length': '3' })
    expect((await client().delete('dir/a.srt')).res.status).toBe(204)
    await expect(client().get('dir/a.srt')).rejects.toMatchObject({ code: 'NoSuchKey', status: 404 })
  })

  it('checks the bucket, the token, the clock and the expiry of STS keys', async () => {
    await expect(client({ bucket: 'other-bucket' }).put('a', Buffer.from('x'))).rejects.toMatchObject({ code: 'NoSuchBucket', status: 404 })
    await expect(client({ stsToken: 'CAIS-wrong' }).put('a', Buffer.from('x'))).rejects.toMatchObject({ code: 'InvalidSecurityToken', status: 403 })
    await expect(client({ amendTimeSkewed: 20 * 60 * 1000 }).put('a', Buffer.from('x'))).rejects.toMatchObject({ code: 'RequestTimeTooSkewed' })
    fake.addCredential({ accessKeyId: 'STS.old', accessKeySecret: 's', securityToken: 't', expiration: '2020-01-01T00:00:00Z' })
    await expect(client({ accessKeyId: 'STS.old', accessKeySecret: 's', stsToken: 't' }).put('a', Buffer.from('x'))).rejects.toMatchObject({ code: 'SecurityTokenExpired' })
    expect(fake.objects.size).toBe(0)
  })

  it('signs sub-resources into the canonical resource', async () => {
    fake.objects.set('sub.srt', Buffer.from('s'))
    const res = await client().get('sub.srt', { subres: { 'response-content-type': 'text/plain' } })
    expect(res.content.toString()).toBe('s')
  })

  it('maps the shared faults onto OSS errors', async () => {
    fake.faults.set({ kind: '5xx', times: 1 })
    await expect(client().put('a', Buffer.from('x'))).rejects.toMatchObject({ code: 'InternalError', status: 500 })
    fake.faults.set({ kind: '429', times: 1 })
    await expect(client().get('a')).rejects.toMatchObject({ code: 'SlowDown', status: 503 })
    await expect(client().put('a', Buffer.from('x'))).resolves.toMatchObject({ name: 'a' })
    expect(fake.stats.faultsInjected).toBe(2)
  })
})
