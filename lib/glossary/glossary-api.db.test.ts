import { describe, expect, it } from 'vitest'
import { GET as listRoute, POST as createRoute } from '@/app/api/glossary/route'
import { PATCH as patchRoute, DELETE as deleteRoute } from '@/app/api/glossary/[id]/route'
import { POST as estimateRoute } from '@/app/api/tasks/estimate/route'
import { buildSrt, ctx, jsonRequest, makeUser, multipart } from '@/test/route-harness'
import { glossaryTermsFor } from './terms'

async function call(res: Promise<Response>) {
  const r = await res
  return { status: r.status, body: (await r.json()) as { code: number; msg: string; data: never } }
}
const add = (auth: Record<string, string>, body: Record<string, unknown>) => call(createRoute(jsonRequest('POST', '/api/glossary', auth, body), ctx()))
const list = (auth: Record<string, string>, query = '') => call(listRoute(jsonRequest('GET', `/api/glossary${query}`, auth), ctx()))

describe('glossary API', () => {
  it('adds, lists by target language, edits and deletes entries', async () => {
    const { auth } = await makeUser()
    const created = await add(auth, { term: '  Haruka ', translation: '遥', targetLanguage: 'ja', note: 'the lead' })
    expect(created.body).toMatchObject({ code: 20000, data: { term: 'Haruka', translation: '遥', targetLanguage: 'ja', sourceLanguage: null, note: 'the lead' } })
    await add(auth, { term: 'Tokyo', translation: '东京', targetLanguage: 'zh-CN', sourceLanguage: 'en' })
    expect((await list(auth, '?targetLanguage=ja')).body.data).toMatchObject([{ term: 'Haruka' }])
    expect((await list(auth)).body.data).toHaveLength(2)

    const id = (created.body.data as { id: string }).id
    const patched = await call(patchRoute(jsonRequest('PATCH', `/api/glossary/${id}`, auth, { translation: 'ハルカ', note: null }), ctx({ id })))
    expect(patched.body.data).toMatchObject({ term: 'Haruka', translation: 'ハルカ', note: null })
    expect((await call(deleteRoute(jsonRequest('DELETE', `/api/glossary/${id}`, auth), ctx({ id })))).body).toEqual({ code: 20000, msg: expect.any(String), data: null })
    expect((await list(auth, '?targetLanguage=ja')).body.data).toEqual([])
  })

  it('validates input with messages in the caller language', async () => {
    const { auth } = await makeUser()
    expect(await add(auth, { translation: 'x', targetLanguage: 'ja' })).toMatchObject({ status: 400, body: { code: 40000, msg: 'please enter a term' } })
    expect(await add({ ...auth, 'x-locale': 'zh-CN' }, { term: 'a', translation: ' ', targetLanguage: 'ja' })).toMatchObject({ status: 400, body: { msg: '请输入译法' } })
    expect((await add(auth, { term: 'a', translation: 'b', targetLanguage: 'auto' })).body.code).toBe(40000)
    expect((await add(auth, { term: 'a', translation: 'b', targetLanguage: 'ja', sourceLanguage: 'xx' })).body.code).toBe(40000)
    expect((await add(auth, { term: 'a'.repeat(101), translation: 'b', targetLanguage: 'ja' })).body.code).toBe(40000)
    expect((await list(auth, '?targetLanguage=klingon')).body.code).toBe(40000)
    await add(auth, { term: 'Haruka', translation: '遥', targetLanguage: 'ja' })
    expect(await add(auth, { term: 'haruka', translation: '春香', targetLanguage: 'ja' })).toMatchObject({ status: 409, body: { code: 40900 } })
  })

  it("answers 40400 for another user's entry and leaves it alone", async () => {
    const owner = await makeUser()
    const other = await makeUser()
    const id = ((await add(owner.auth, { term: 'Ren', translation: '蓮', targetLanguage: 'ja' })).body.data as { id: string }).id
    expect(await call(patchRoute(jsonRequest('PATCH', `/api/glossary/${id}`, other.auth, { translation: 'x' }), ctx({ id })))).toMatchObject({ status: 404, body: { code: 40400 } })
    expect(await call(deleteRoute(jsonRequest('DELETE', `/api/glossary/${id}`, other.auth), ctx({ id })))).toMatchObject({ status: 404 })
    expect((await list(other.auth)).body.data).toEqual([])
    expect((await list(owner.auth)).body.data).toMatchObject([{ id, translation: '蓮' }])
    expect((await call(listRoute(jsonRequest('GET', '/api/glossary', {}), ctx()))).status).toBe(401)
  })

  it('gives a task the entries of its target language with no source language or its own', async () => {
    const { user, auth } = await makeUser()
    await add(auth, { term: 'A', translation: '1', targetLanguage: 'ja' })
    await add(auth, { term: 'B', translation: '2', targetLanguage: 'ja', sourceLanguage: 'en' })
    await add(auth, { term: 'C', translation: '3', targetLanguage: 'ja', sourceLanguage: 'fr' })
    await add(auth, { term: 'D', translation: '4', targetLanguage: 'ko' })
    expect((await glossaryTermsFor({ userId: user.id, targetLanguage: 'ja', sourceLanguage: 'en' })).map((t) => t.term).sort()).toEqual(['A', 'B'])
  })

  it('the upload estimate counts the entries that apply per target language and suggests recurring names', async () => {
    const { auth } = await makeUser()
    await add(auth, { term: 'Haruka', translation: '遥', targetLanguage: 'ja' })
    await add(auth, { term: 'nowhere', translation: 'どこにも', targetLanguage: 'ja' })
    const srt = buildSrt(6, { text: (n) => ['Where is Haruka?', 'Ask Captain Mori.', 'Tell Haruka to wait.', 'Is Captain Mori here?', 'Ren called.', 'We saw Ren.'][n - 1] })
    const res = await call(estimateRoute(multipart('/api/tasks/estimate', auth, { name: 'a.srt', body: srt }), ctx()))
    expect(res.body.data).toMatchObject({ segments: 6, glossary: { matches: { ja: 1 }, suggestions: [{ term: 'Captain Mori', count: 2, first: { cue: 2, startMs: 2500 } }, { term: 'Ren', count: 2, first: { cue: 5, startMs: 10_000 } }] } })
  })
})
