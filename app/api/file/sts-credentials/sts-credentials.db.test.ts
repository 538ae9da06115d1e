import { afterAll, describe, expect, it } from 'vitest'
import { startStsFake } from '@/fakes/sts'
import { ctx, jsonRequest, makeUser } from '@/test/route-harness'
import { POST as stsRoute } from './route'

const root = { accessKeyId: 'LTAI5tTest', accessKeySecret: 'sts-test-secret' }
const sts = await startStsFake(root)
Object.assign(process.env, {
  STORAGE_DRIVER: 'oss', OSS_REGION: 'cn-hangzhou', OSS_BUCKET: 'subtitles', OSS_ACCESS_KEY_ID: root.accessKeyId,
  OSS_ACCESS_KEY_SECRET: root.accessKeySecret, OSS_STS_ROLE_ARN: 'acs:ram::1234567890123456:role/uploader', STS_BASE_URL: sts.url,
})
afterAll(() => sts.close())

describe('POST /api/file/sts-credentials with OSS configured', () => {
  it('answers temporary credentials from STS AssumeRole', async () => {
    const { auth } = await makeUser()
    const res = await stsRoute(jsonRequest('POST', '/api/file/sts-credentials', auth), ctx())
    const { code, data } = await res.json()
    expect(code).toBe(20000)
    expect(data).toMatchObject({ bucket: 'subtitles', region: 'cn-hangzhou', accessKeyId: sts.issued[0].AccessKeyId, securityToken: sts.issued[0].SecurityToken })
    expect(data.accessKeySecret).toBeTruthy()
    expect(JSON.stringify(data)).not.toContain(root.accessKeySecret)
  })

  it('answers 50200 when STS refuses', async () => {
    const { auth } = await makeUser()
    sts.faults.set({ kind: '5xx', times: 1 })
    const res = await stsRoute(jsonRequest('POST', '/api/file/sts-credentials', auth), ctx())
    expect(await res.json()).toEqual({ code: 50200, msg: 'storage credential fetch failed', data: null })
  })
})
