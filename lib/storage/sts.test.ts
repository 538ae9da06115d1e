import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startOssFake, type OssFake } from '@/fakes/oss'
import { startStsFake, type StsFake } from '@/fakes/sts'
import { createOssStorage } from './oss'
import { assumeRole, percentEncode, StsError } from './sts'

const root = { accessKeyId: 'LTAI5tRootKey', accessKeySecret: 'root-secret' }
const role = { roleArn: 'acs:ram::1234567890123456:role/subtitle-upload', sessionName: 'task-42' }
let sts: StsFake
let oss: OssFake

beforeAll(async () => {
  // The OSS bucket trusts only the key pairs STS issues, as a real bucket policy would for the role.
  oss = await startOssFake({ accessKeyId: 'LTAI5tOtherKey', accessKeySecret: 'unused', bucket: 'subtitle-sts' })
  sts = await startStsFake({ ...root, onIssue: (c) => oss.addCredential(c) })
})
afterAll(async () => {
  await Promise.all([sts.close(), oss.close()])
})

describe('assumeRole', () => {
  it('returns temporary credentials', async () => {
    const creds = await assumeRole({ stsBaseUrl: sts.url, ...root, ...role, durationSeconds: 900 })
    expect(creds.accessKeyId).toMatch(/^STS\./)
    expect(creds.securityToken).toBe(sts.issued.at(-1)?.SecurityToken)
    const lifetime = Date.parse(creds.expiration) - Date.now()
    expect(lifetime).toBeGreaterThan(850_000)
    expect(lifetime).toBeLessThanOrEqual(900_000)
  })

  it('signs a policy full of characters encodeURIComponent leaves alone', async () => {
    const policy = { Version: '1', Statement: [{ Effect: 'Allow', Action: ['oss:PutObject'], Resource: ["acs:oss:*:*:subtitle-sts/(tasks)/*!'"] }] }
    await expect(assumeRole({ stsBaseUrl: sts.url, ...root, ...role, policy })).resolves.toMatchObject({ accessKeyId: expect.stringMatching(/^STS\./) })
  })

  it('throws StsError SignatureDoesNotMatch for a wrong secret', async () => {
    const attempt = assumeRole({ stsBaseUrl: sts.url, ...root, accessKeySecret: 'wrong', ...role })
    await expect(attempt).rejects.toBeInstanceOf(StsError)
    await expect(attempt).rejects.toMatchObject({ code: 'SignatureDoesNotMatch', status: 400, requestId: expect.any(String) })
  })

  it('throws InvalidAccessKeyId.NotFound for an unknown key and a parameter error for a bad duration', async () => {
    await expect(assumeRole({ stsBaseUrl: sts.url, ...root, accessKeyId: 'LTAI5tNobody', ...role })).rejects.toMatchObject({ code: 'InvalidAccessKeyId.NotFound', status: 404 })
    await expect(assumeRole({ stsBaseUrl: sts.url, ...root, ...role, durationSeconds: 60 })).rejects.toMatchObject({ code: 'InvalidParameter.DurationSeconds' })
  })

  it('reports an unreachable STS as a network StsError', async () => {
    await expect(assumeRole({ stsBaseUrl: 'http://127.0.0.1:9', ...root, ...role })).rejects.toMatchObject({ code: 'network' })
  })

  it('percent-encodes the RFC 3986 reserved characters', () => {
    expect(percentEncode("a b!'()*~/+=")).toBe('a%20b%21%27%28%29%2A~%2F%2B%3D')
  })
})

describe('STS credentials with the OSS driver', () => {
  it('puts with the temporary key and security token', async () => {
    const creds = await assumeRole({ stsBaseUrl: sts.url, ...root, ...role })
    const storage = createOssStorage({ region: 'cn-hangzhou', bucket: 'subtitle-sts', endpoint: oss.url, accessKeyId: creds.accessKeyId, accessKeySecret: creds.accessKeySecret, stsToken: creds.securityToken })
    await storage.put('uploads/a.srt', 'hello')
    expect(oss.objects.get('uploads/a.srt')?.toString()).toBe('hello')
  })

  it('refuses the temporary key without its token, or with another token', async () => {
    const first = await assumeRole({ stsBaseUrl: sts.url, ...root, ...role })
    const second = await assumeRole({ stsBaseUrl: sts.url, ...root, ...role })
    const base = { region: 'cn-hangzhou', bucket: 'subtitle-sts', endpoint: oss.url, accessKeyId: first.accessKeyId, accessKeySecret: first.accessKeySecret }
    await expect(createOssStorage(base).put('b.srt', 'x')).rejects.toMatchObject({ code: 'InvalidSecurityToken', status: 403 })
    await expect(createOssStorage({ ...base, stsToken: second.securityToken }).put('b.srt', 'x')).rejects.toMatchObject({ code: 'InvalidSecurityToken' })
    expect(oss.objects.has('b.srt')).toBe(false)
  })
})
