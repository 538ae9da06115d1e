import { afterAll, describe, expect, it } from 'vitest'
import { startDeepSeekFake } from '@/fakes/deepseek'
import { startMyMemoryFake } from '@/fakes/mymemory'
import { POST as deepseekRoute } from '@/app/api/translation/deepseek_translate/route'
import { POST as googleRoute } from '@/app/api/translation/translate/route'
import { POST as stsRoute } from '@/app/api/file/sts-credentials/route'
import { ctx, jsonRequest, makeUser } from '@/test/route-harness'

const deepseek = await startDeepSeekFake({ apiKey: 'sk-texts' })
const mymemory = await startMyMemoryFake()
Object.assign(process.env, { DEEPSEEK_API_KEY: 'sk-texts', DEEPSEEK_BASE_URL: deepseek.url, MYMEMORY_BASE_URL: mymemory.url, STORAGE_DRIVER: 'local' })

afterAll(async () => {
  await deepseek.close()
  await mymemory.close()
})

const call = async (route: typeof deepseekRoute, auth: Record<string, string>, body: unknown) => {
  const res = await route(jsonRequest('POST', '/api/translation/x', auth, body), ctx())
  return { status: res.status, body: await res.json() }
}

describe('translate calls', () => {
  it('answers one DeepSeek translation per text, blanks kept', async () => {
    const { auth } = await makeUser()
    const { body } = await call(deepseekRoute, auth, { texts: ['Hello', '', '<i>Bye</i>\nnow'], targetLanguage: 'fr' })
    expect(body).toEqual({ code: 20000, msg: 'ok', data: ['[fr] Hello', '', '[fr] <i>Bye</i>\nnow'] })
  })

  it('uses the memory service for google when no Google key is set, detecting the source', async () => {
    const { auth } = await makeUser()
    const { body } = await call(googleRoute, auth, { texts: ['Good morning, how are you today?', 'See you tomorrow then.'], targetLanguage: 'ja' })
    expect(body.code).toBe(20000)
    expect(body.data).toHaveLength(2)
    expect(body.data.every((t: string) => t.length > 0)).toBe(true)
  })

  it('limits count and size and refuses anonymous callers', async () => {
    const { auth } = await makeUser()
    expect((await call(deepseekRoute, auth, { texts: Array(101).fill('a'), targetLanguage: 'fr' })).body).toMatchObject({ code: 40000, msg: 'at most 100 texts can be translated at once' })
    expect((await call(deepseekRoute, auth, { texts: ['a'.repeat(20_001)], targetLanguage: 'fr' })).body).toMatchObject({ code: 40000, msg: 'texts too long: 20000 characters in total at most' })
    expect((await call(deepseekRoute, auth, { texts: [], targetLanguage: 'fr' })).body.code).toBe(40000)
    expect((await call(deepseekRoute, auth, { texts: ['a'], targetLanguage: 'auto' })).body).toMatchObject({ code: 40000, msg: 'invalid target language (auto cannot be a target)' })
    expect((await call(deepseekRoute, auth, { texts: 'a', targetLanguage: 'fr' })).body.code).toBe(40000)
    expect((await call(deepseekRoute, { 'x-locale': 'en-US' }, { texts: ['a'], targetLanguage: 'fr' })).status).toBe(401)
  })

  it('answers 50200 "translation failed" when the provider keeps failing', async () => {
    const { auth } = await makeUser()
    deepseek.faults.set({ kind: '5xx' })
    try {
      const { status, body } = await call(deepseekRoute, auth, { texts: ['Hello'], targetLanguage: 'fr' })
      expect(status).toBe(502)
      expect(body).toEqual({ code: 50200, msg: 'translation failed', data: null })
    } finally {
      deepseek.faults.clear()
    }
  }, 15_000)
})

describe('sts-credentials without OSS', () => {
  it('answers a clear localized error', async () => {
    const { auth } = await makeUser()
    const res = await stsRoute(jsonRequest('POST', '/api/file/sts-credentials', { ...auth, 'x-locale': 'zh-CN' }), ctx())
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({ code: 50300, msg: '未配置云存储，无法获取存储凭证', data: null })
  })
})
