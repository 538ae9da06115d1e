import { describe, expect, it } from 'vitest'
import { db } from '@/lib/db'
import { grantPoints } from '@/lib/points'
import { runTask } from '@/lib/tasks'
import { rememberTranslations } from '@/lib/memory'
import { POST as createRoute } from '@/app/api/tasks/route'
import { POST as estimateRoute } from '@/app/api/tasks/estimate/route'
import { PATCH as patchSegmentRoute } from '@/app/api/tasks/[id]/segments/[segmentId]/route'
import { GET as listRoute } from '@/app/api/memory/route'
import { GET as pairsRoute } from '@/app/api/memory/pairs/route'
import { DELETE as deleteRoute, PATCH as patchRoute } from '@/app/api/memory/[id]/route'
import { GET as exportRoute } from '@/app/api/memory/export.tmx/route'
import { POST as importRoute } from '@/app/api/memory/import/route'
import { BASE, buildSrt, call, ctx, jsonRequest, makeUser, multipart, readAnswer } from '@/test/route-harness'
import { deepSeekSetup, FAST_PIPELINE } from '@/test/task-setup'
import { NextRequest } from 'next/server'

// The translation memory end to end against the DeepSeek fake: a task's kept translations are
// reused by the next task of the same lines, a person's edit wins, the memory can be listed,
// edited, deleted, exported as TMX and imported into another account.
const { fake } = await deepSeekSetup('memory')
// fit: false: the fake's \"[ja] <English>\" lines would all be shortened (lib/tasks/fit-translations.db.test.ts covers that).
const PIPELINE = { ...FAST_PIPELINE, fit: false }

const line = (i: number) => `Line ${i}: where did the ferry go, and why did it leave without us?`
const SRT = buildSrt(12, { text: line })

async function userWithPoints() {
  const made = await makeUser()
  await grantPoints({ userId: made.user.id, amount: 5000, key: `g:${made.user.id}` })
  return made
}

async function translate(auth: Record<string, string>, fields: Record<string, string> = {}, srt = SRT) {
  const res = await createRoute(multipart('/api/tasks', auth, { name: 'episode.srt', body: srt }, { targetLanguage: 'zh-CN', sourceLanguage: 'en', service: 'deepseek', ...fields }), ctx())
  const created = await res.json()
  expect(created.code).toBe(20000)
  const before = fake.stats.counters.lines ?? 0
  await runTask({ taskId: created.data.id, ...PIPELINE })
  const segments = await db.segment.findMany({ where: { taskId: created.data.id }, orderBy: { index: 'asc' } })
  return { taskId: created.data.id as string, segments, linesSent: (fake.stats.counters.lines ?? 0) - before }
}

const list = (auth: Record<string, string>, query = '') => call(listRoute, `/api/memory${query}`, { method: 'GET', headers: auth })

async function exportTmx(auth: Record<string, string>, query: string) {
  const res = await exportRoute(new NextRequest(`${BASE}/api/memory/export.tmx${query}`, { headers: auth }), ctx())
  return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), body: await res.text() }
}

const importTmx = async (auth: Record<string, string>, body: string, name = 'memory.tmx') => readAnswer(await importRoute(multipart('/api/memory/import', auth, { name, body, type: 'application/x-tmx+xml' }), ctx()))

describe('translation memory', () => {
  it('reuses a finished task\'s translations for the same file: no line sent, every segment "memory", the edit carried', async () => {
    const { auth } = await userWithPoints()
    const first = await translate(auth)
    expect(first.linesSent).toBe(12)
    const edited = await call(patchSegmentRoute, `/api/tasks/${first.taskId}/segments/3`, { method: 'PATCH', headers: auth, body: { translatedText: '第三集的港口' }, params: { id: first.taskId, segmentId: '3' } })
    expect(edited.code).toBe(20000)

    const second = await translate(auth)
    expect(second.linesSent).toBe(0)
    expect(second.segments.map((s) => s.translatedBy)).toEqual(Array(12).fill('memory'))
    expect(second.segments[2].translatedText).toBe('第三集的港口')
    expect(second.segments[0].translatedText).toBe(`[zh-CN] ${line(1)}`)
    expect((await db.task.findUniqueOrThrow({ where: { id: second.taskId } })).status).toBe('completed')

    // With the memory off for a task, every line goes to the provider.
    const third = await translate(auth, { useMemory: 'false' })
    expect(third.linesSent).toBe(12)
    expect(third.segments.every((s) => s.translatedBy === 'deepseek')).toBe(true)
    expect(third.segments[2].translatedText).toBe(`[zh-CN] ${line(3)}`)
  })

  it('is kept per user and language pair: another user or another target language sends every line', async () => {
    const a = await userWithPoints()
    await translate(a.auth)
    const b = await userWithPoints()
    expect((await translate(b.auth)).linesSent).toBe(12)
    expect((await translate(a.auth, { targetLanguage: 'ja' })).linesSent).toBe(12)
  })

  it('keeps no transcript kept in its own language (a recording\'s subtitles are no translation)', async () => {
    const { user } = await userWithPoints()
    const items = [{ sourceText: 'Where did the ferry go?', targetText: 'Where did the ferry go?', origin: 'machine' as const }]
    expect(await rememberTranslations({ userId: user.id, sourceLanguage: 'en', targetLanguage: 'en', items })).toBe(0)
    expect(await rememberTranslations({ userId: user.id, sourceLanguage: 'en', targetLanguage: 'fr', items })).toBe(1)
    expect(await db.memoryEntry.count({ where: { userId: user.id } })).toBe(1)
  })

  it('shows in the upload estimate how many lines it covers per target language', async () => {
    const { auth } = await userWithPoints()
    const fresh = await (await estimateRoute(multipart('/api/tasks/estimate', auth, { name: 'e.srt', body: SRT }), ctx())).json()
    expect(fresh.data.memory).toEqual({})
    await translate(auth, {}, buildSrt(5, { text: line }))
    const known = await (await estimateRoute(multipart('/api/tasks/estimate', auth, { name: 'e.srt', body: SRT }), ctx())).json()
    expect(known.data.detectedLanguage).toBe('en')
    expect(known.data.memory).toEqual({ 'zh-CN': 5 })
  })

  it('lists, searches, edits and deletes entries; a person\'s change is kept over a later machine translation', async () => {
    const { auth } = await userWithPoints()
    await translate(auth)
    const page = await list(auth, '?sourceLanguage=en&targetLanguage=zh-CN&size=5')
    expect(page.code).toBe(20000)
    expect(page.data).toMatchObject({ pageNum: 1, pageSize: 5, totalCount: 12, totalPages: 3, hasNextPage: true })
    expect(page.data.list).toHaveLength(5)
    const found = await list(auth, '?q=line%207%3A')
    expect(found.data.list.map((e: { sourceText: string }) => e.sourceText)).toEqual([line(7)])
    const entry = found.data.list[0]
    expect(entry).toMatchObject({ sourceLanguage: 'en', targetLanguage: 'zh-CN', origin: 'machine', targetText: `[zh-CN] ${line(7)}` })

    const pairs = await call(pairsRoute, '/api/memory/pairs', { method: 'GET', headers: auth })
    expect(pairs.data).toEqual([{ sourceLanguage: 'en', targetLanguage: 'zh-CN', count: 12 }])

    const patched = await call(patchRoute, `/api/memory/${entry.id}`, { method: 'PATCH', headers: auth, body: { targetText: ' 第七行 ' }, params: { id: entry.id } })
    expect(patched.data).toMatchObject({ targetText: '第七行', origin: 'edited' })
    const empty = await call(patchRoute, `/api/memory/${entry.id}`, { method: 'PATCH', headers: auth, body: { targetText: '  ' }, params: { id: entry.id } })
    expect([empty.status, empty.msg]).toEqual([400, 'please enter the translation'])
    // A later machine translation of the same line does not replace the person's.
    await translate(auth, { useMemory: 'false' })
    expect((await db.memoryEntry.findUniqueOrThrow({ where: { id: entry.id } })).targetText).toBe('第七行')

    const other = await makeUser()
    const foreign = await call(deleteRoute, `/api/memory/${entry.id}`, { method: 'DELETE', headers: other.auth, params: { id: entry.id } })
    expect([foreign.status, foreign.code]).toEqual([404, 40400])
    const deleted = await call(deleteRoute, `/api/memory/${entry.id}`, { method: 'DELETE', headers: auth, params: { id: entry.id } })
    expect(deleted.code).toBe(20000)
    expect((await list(auth)).data.totalCount).toBe(11)
    const bad = await list(auth, '?targetLanguage=xx')
    expect(bad.status).toBe(400)
  })

  it('exports a language pair as TMX 1.4 that imports into another account with the same entries', async () => {
    const a = await userWithPoints()
    await translate(a.auth)
    const patched = (await list(a.auth, '?q=line%202%3A')).data.list[0]
    await call(patchRoute, `/api/memory/${patched.id}`, { method: 'PATCH', headers: a.auth, body: { targetText: '第二行 & <b>"引号"</b>\n第二句' }, params: { id: patched.id } })
    const file = await exportTmx(a.auth, '?sourceLanguage=en&targetLanguage=zh-CN')
    expect(file.status).toBe(200)
    expect(file.type).toContain('application/x-tmx+xml')
    expect(file.disposition).toContain('translation-memory.en-zh-CN.tmx')
    expect(file.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<tmx version="1.4">/)
    expect(file.body).toContain('srclang="en"')
    expect(file.body).toContain('<tuv xml:lang="zh-CN">')

    const b = await makeUser()
    const imported = await importTmx(b.auth, file.body)
    expect(imported.data).toEqual({ imported: 12, skipped: 0, tooLong: 0, maxChars: 2000 })
    const texts = async (auth: Record<string, string>) =>
      ((await list(auth, '?size=100')).data.list as { sourceLanguage: string; targetLanguage: string; sourceText: string; targetText: string }[])
        .map((e) => [e.sourceLanguage, e.targetLanguage, e.sourceText, e.targetText].join('|'))
        .sort()
    expect(await texts(b.auth)).toEqual(await texts(a.auth))
    expect(await texts(b.auth)).toContain(`en|zh-CN|${line(2)}|第二行 & <b>"引号"</b>\n第二句`)
    // And it is used: b's first task of the file asks the provider for nothing.
    await grantPoints({ userId: b.user.id, amount: 5000, key: `g:${b.user.id}` })
    expect((await translate(b.auth)).linesSent).toBe(0)
  })

  it('reads TMX from other tools (language tags, *all*, inline codes) and skips what it cannot use', async () => {
    const { auth } = await makeUser()
    const tmx = `<?xml version="1.0"?>
<!DOCTYPE tmx SYSTEM "tmx14.dtd">
<tmx version="1.4"><header srclang="*all*" datatype="plaintext" segtype="sentence" adminlang="en-us" o-tmf="x" creationtool="x" creationtoolversion="1"/>
<body>
<tu><tuv xml:lang="EN-US"><seg>Good <bpt i="1">&lt;i&gt;</bpt>morning<ept i="1">&lt;/i&gt;</ept>.</seg></tuv><tuv xml:lang="ja-JP"><seg>おはよう。</seg></tuv><tuv xml:lang="zh-Hant"><seg>早安。</seg></tuv></tu>
<tu><tuv xml:lang="en"><seg>Klingon?</seg></tuv><tuv xml:lang="tlh"><seg>tlhIngan</seg></tuv></tu>
<tu><tuv xml:lang="en"><seg>Empty</seg></tuv><tuv xml:lang="fr"><seg></seg></tuv></tu>
</body></tmx>`
    const answer = await importTmx(auth, tmx)
    expect(answer.data).toEqual({ imported: 2, skipped: 2, tooLong: 0, maxChars: 2000 })
    const entries = (await list(auth)).data.list.map((e: { targetLanguage: string; sourceText: string; targetText: string; origin: string }) => [e.targetLanguage, e.sourceText, e.targetText, e.origin])
    expect(entries.sort()).toEqual([
      ['ja', 'Good morning.', 'おはよう。', 'edited'],
      ['zh-HK', 'Good morning.', '早安。', 'edited'],
    ])
  })

  it('refuses what is not TMX with a clear message and imports nothing', async () => {
    const { auth } = await makeUser()
    for (const body of [
      'this is not xml',
      '<tmx version="1.4"><header srclang="en"/><body><tu><tuv xml:lang="en"><seg>a</seg></tuv></body></tmx>',
      '<?xml version="1.0"?><html><body>hello</body></html>',
      '1\n00:00:01,000 --> 00:00:02,000\nHello\n',
      '<?xml version="1.0"?><!DOCTYPE tmx [<!ENTITY a "aaaaaaaaaa">]><tmx version="1.4"><header srclang="en"/><body><tu><tuv xml:lang="en"><seg>&a;</seg></tuv><tuv xml:lang="fr"><seg>b</seg></tuv></tu></body></tmx>',
    ]) {
      const answer = await importTmx(auth, body)
      expect([answer.status, answer.code, answer.msg]).toEqual([400, 40000, 'This file is not a TMX translation memory. Export one as TMX (.tmx) from your translation tool and try again.'])
    }
    const noFile = await readAnswer(await importRoute(multipart('/api/memory/import', auth, null, { other: 'x' }), ctx()))
    expect(noFile.status).toBe(400)
    expect((await list(auth)).data.totalCount).toBe(0)
    const json = await readAnswer(await importRoute(jsonRequest('POST', '/api/memory/import', auth, { file: 'x' }), ctx()))
    expect(json.status).toBe(400)
    expect((await list(auth)).data.totalCount).toBe(0)
  })
})
