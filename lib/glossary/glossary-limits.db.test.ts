import { describe, expect, it } from 'vitest'
import { POST as createRoute } from '@/app/api/glossary/route'
import { PATCH as patchRoute } from '@/app/api/glossary/[id]/route'
import { db } from '@/lib/db'
import { ctx, jsonRequest, makeUser } from '@/test/route-harness'
import { MAX_ENTRIES_PER_LANGUAGE } from './entries'

// The glossary's limits under concurrent calls: the per-language cap and one entry per term.

type Envelope = { status: number; body: { code: number; msg: string; data: { id: string } | null } }

async function call(res: Promise<Response>): Promise<Envelope> {
  const r = await res
  return { status: r.status, body: (await r.json()) as Envelope['body'] }
}
const add = (auth: Record<string, string>, body: Record<string, unknown>) => call(createRoute(jsonRequest('POST', '/api/glossary', auth, body), ctx()))
const patch = (auth: Record<string, string>, id: string, body: Record<string, unknown>) => call(patchRoute(jsonRequest('PATCH', `/api/glossary/${id}`, auth, body), ctx({ id })))
const count = (userId: string, targetLanguage: string) => db.glossaryEntry.count({ where: { userId, targetLanguage } })

async function fill(userId: string, targetLanguage: string, entries: number, prefix = 'term') {
  await db.glossaryEntry.createMany({
    data: Array.from({ length: entries }, (_, i) => ({ userId, targetLanguage, term: `${prefix} ${i}`, translation: `t${i}` })),
  })
}

describe('glossary cap per target language', () => {
  it('40 concurrent creates at 499 entries leave exactly 500; the others are told the glossary is full', async () => {
    const { user, auth } = await makeUser()
    await fill(user.id, 'ja', MAX_ENTRIES_PER_LANGUAGE - 1)
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => add(auth, { term: `Concurrent ${i}`, translation: 'x', targetLanguage: 'ja' })))
    expect(await count(user.id, 'ja')).toBe(MAX_ENTRIES_PER_LANGUAGE)
    expect(answers.filter((a) => a.body.code === 20000)).toHaveLength(1)
    const refused = answers.filter((a) => a.body.code !== 20000)
    expect(refused).toHaveLength(39)
    for (const answer of refused) expect(answer).toMatchObject({ status: 400, body: { code: 40000, msg: 'your glossary for this language is full (500 entries)' } })
  })

  it('moving an entry into a full language is refused and changes nothing; moving into one with room works', async () => {
    const { user, auth } = await makeUser()
    await fill(user.id, 'ja', MAX_ENTRIES_PER_LANGUAGE)
    const entry = await add(auth, { term: 'Haruka', translation: '하루카', targetLanguage: 'ko' })
    const id = entry.body.data!.id
    expect(await patch({ ...auth, 'x-locale': 'ja-JP' }, id, { targetLanguage: 'ja', translation: '遥' })).toMatchObject({
      status: 400,
      body: { code: 40000, msg: 'この言語の用語集はいっぱいです（500 件）' },
    })
    expect(await db.glossaryEntry.findUnique({ where: { id } })).toMatchObject({ targetLanguage: 'ko', translation: '하루카' })
    expect(await count(user.id, 'ja')).toBe(MAX_ENTRIES_PER_LANGUAGE)
    // An entry already in the full language can still be edited.
    const inside = await db.glossaryEntry.findFirstOrThrow({ where: { userId: user.id, targetLanguage: 'ja' } })
    expect((await patch(auth, inside.id, { translation: 'changed', targetLanguage: 'ja' })).body.code).toBe(20000)
    expect((await patch(auth, id, { targetLanguage: 'zh-CN', translation: '遥' })).body.code).toBe(20000)
  })

  it('20 concurrent creates and 20 concurrent moves into a language at 499 leave exactly 500', async () => {
    const { user, auth } = await makeUser()
    await fill(user.id, 'ja', MAX_ENTRIES_PER_LANGUAGE - 1)
    await fill(user.id, 'ko', 20, 'moving')
    const movers = await db.glossaryEntry.findMany({ where: { userId: user.id, targetLanguage: 'ko' }, select: { id: true } })
    const answers = await Promise.all([
      ...movers.map(({ id }) => patch(auth, id, { targetLanguage: 'ja' })),
      ...Array.from({ length: 20 }, (_, i) => add(auth, { term: `New ${i}`, translation: 'x', targetLanguage: 'ja' })),
    ])
    expect(await count(user.id, 'ja')).toBe(MAX_ENTRIES_PER_LANGUAGE)
    expect(answers.filter((a) => a.body.code === 20000)).toHaveLength(1)
    expect(answers.every((a) => a.body.code === 20000 || a.body.code === 40000)).toBe(true)
  })
})

describe('one entry per term and target language', () => {
  it('20 concurrent identical creates store the term once; the rest answer 40900 in the caller language', async () => {
    const { user, auth } = await makeUser()
    const answers = await Promise.all(Array.from({ length: 20 }, () => add({ ...auth, 'x-locale': 'zh-CN' }, { term: 'Sebastian Wilder', translation: '塞巴斯蒂安', targetLanguage: 'zh-CN' })))
    expect(await count(user.id, 'zh-CN')).toBe(1)
    expect(answers.filter((a) => a.body.code === 20000)).toHaveLength(1)
    for (const answer of answers.filter((a) => a.body.code !== 20000)) {
      expect(answer).toMatchObject({ status: 409, body: { code: 40900, msg: '该语言的术语表中已有这个术语' } })
    }
  })

  it('compares terms without regard to case, width, spacing or source language', async () => {
    const { user, auth } = await makeUser()
    expect((await add(auth, { term: 'Captain Mori', translation: '森船長', targetLanguage: 'ja' })).body.code).toBe(20000)
    for (const term of ['captain mori', 'CAPTAIN  MORI', 'Ｃａｐｔａｉｎ Ｍｏｒｉ', ' Captain\tMori ']) {
      expect(await add(auth, { term, translation: 'x', targetLanguage: 'ja' }), term).toMatchObject({ status: 409, body: { code: 40900 } })
    }
    expect(await add(auth, { term: 'Captain Mori', translation: 'x', targetLanguage: 'ja', sourceLanguage: 'en' })).toMatchObject({ status: 409 })
    // Another target language is another glossary; white space inside a term is stored as one space.
    expect((await add(auth, { term: 'Captain   Mori', translation: '森船长', targetLanguage: 'zh-CN' })).body.data).toMatchObject({ term: 'Captain Mori' })
    // Renaming an entry onto an existing term is refused too, and leaves it as it was.
    const other = await add(auth, { term: 'Ren', translation: '蓮', targetLanguage: 'ja' })
    expect(await patch(auth, other.body.data!.id, { term: 'CAPTAIN MORI' })).toMatchObject({ status: 409, body: { code: 40900 } })
    expect(await db.glossaryEntry.findMany({ where: { userId: user.id, targetLanguage: 'ja' }, select: { term: true }, orderBy: { term: 'asc' } })).toEqual([{ term: 'Captain Mori' }, { term: 'Ren' }])
  })
})
