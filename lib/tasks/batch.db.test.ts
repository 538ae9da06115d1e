import { readFileSync } from 'node:fs'
import path from 'node:path'
import { unzipSync, strFromU8 } from 'fflate'
import { NextRequest } from 'next/server'
import { describe, expect, it } from 'vitest'
import { db } from '@/lib/db'
import { getBalance, grantPoints } from '@/lib/points'
import { analyseSubtitle } from '@/lib/tasks/upload'
import { POST as batchRoute } from '@/app/api/tasks/batch/route'
import { GET as zipRoute } from '@/app/api/tasks/export.zip/route'
import { GET as exportRoute } from '@/app/api/tasks/[id]/export/route'
import { BASE, buildSrt, ctx, makeUser } from '@/test/route-harness'

const ANIME = readFileSync(path.join(process.cwd(), 'lib/subtitles/fixtures/anime.ass'), 'utf8')
const SRT = buildSrt(200) // 200 cues × 2.5 s: 9 started minutes
const cost = (name: string, body: string) => analyseSubtitle(new TextEncoder().encode(body), name.endsWith('.ass') ? 'ass' : 'srt').cost

function batchRequest(auth: Record<string, string>, files: { name: string; body: string }[], targets: string[], fields: Record<string, string> = {}) {
  const form = new FormData()
  for (const file of files) form.append('file', new Blob([file.body]), file.name)
  for (const target of targets) form.append('targetLanguage', target)
  for (const [key, value] of Object.entries({ service: 'deepseek', sourceLanguage: 'en', ...fields })) form.append(key, value)
  return new NextRequest(`${BASE}/api/tasks/batch`, { method: 'POST', body: form, headers: auth })
}

describe('POST /api/tasks/batch', () => {
  const files = [
    { name: 'film.srt', body: SRT },
    { name: 'Harbour 03.ass', body: ANIME },
  ]
  const total = 2 * (cost('film.srt', SRT) + cost('x.ass', ANIME))

  it('creates one task per file and language, costs adding up, one reservation each', async () => {
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: total + 3, key: `g:${user.id}` })
    const res = await batchRoute(batchRequest(auth, files, ['ja', 'fr']), ctx())
    const body = await res.json()
    expect(body.code).toBe(20000)
    const tasks = body.data.tasks as { fileName: string; targetLanguage: string; format: string; cost: number }[]
    expect(tasks.map((t) => [t.fileName, t.targetLanguage, t.format])).toEqual([
      ['film.srt', 'ja', 'srt'],
      ['film.srt', 'fr', 'srt'],
      ['Harbour 03.ass', 'ja', 'ass'],
      ['Harbour 03.ass', 'fr', 'ass'],
    ])
    expect(tasks.reduce((sum, t) => sum + t.cost, 0)).toBe(total)
    expect(await getBalance({ userId: user.id })).toBe(3)
    expect(await db.task.count({ where: { userId: user.id } })).toBe(4)
    expect(await db.segment.count({ where: { task: { userId: user.id } } })).toBe(2 * (200 + 7))
  })

  it('creates nothing and answers 40200 when the total exceeds the balance', async () => {
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: total - 1, key: `g:${user.id}` })
    const body = await (await batchRoute(batchRequest(auth, files, ['ja', 'fr']), ctx())).json()
    expect(body.code).toBe(40200)
    expect(await db.task.count({ where: { userId: user.id } })).toBe(0)
    expect(await getBalance({ userId: user.id })).toBe(total - 1)
  })

  it('creates nothing and names the bad file (40000)', async () => {
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 1000, key: `g:${user.id}` })
    const bad = [...files, { name: 'notes.vtt', body: 'WEBVTT\n\nNOTE nothing\n' }]
    const body = await (await batchRoute(batchRequest(auth, bad, ['ja']), ctx())).json()
    expect(body).toMatchObject({ code: 40000, msg: 'notes.vtt: WebVTT file format incorrect or content empty' })
    const typed = await (await batchRoute(batchRequest(auth, [{ name: 'a.txt', body: 'x' }], ['ja']), ctx())).json()
    expect(typed.msg).toContain('a.txt: unsupported file type')
    const many = await (await batchRoute(batchRequest(auth, files, ['ja', 'fr', 'de', 'es', 'ko', 'ru']), ctx())).json()
    expect(many).toMatchObject({ code: 40000, msg: 'at most 5 target languages at once' })
    expect(await db.task.count({ where: { userId: user.id } })).toBe(0)
  })
})

describe('GET /api/tasks/export.zip', () => {
  it('streams one file per completed task, named by file, language and content', async () => {
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 1000, key: `g:${user.id}` })
    const created = await (await batchRoute(batchRequest(auth, [{ name: 'film.srt', body: buildSrt(3) }, { name: 'ep.ass', body: ANIME }], ['ja', 'fr']), ctx())).json()
    const ids = (created.data.tasks as { id: string }[]).map((t) => t.id)
    const zipUrl = (query: string) => new NextRequest(`${BASE}/api/tasks/export.zip?${query}`, { headers: auth })

    // Not finished yet: nothing to download.
    expect((await (await zipRoute(zipUrl(`ids=${ids.join(',')}`), ctx())).json()).code).toBe(40900)

    for (const id of ids) {
      await db.segment.updateMany({ where: { taskId: id }, data: { translatedText: 'T' } })
      await db.task.update({ where: { id }, data: { status: 'completed', progress: 100 } })
    }
    const res = await zipRoute(zipUrl(`ids=${ids.join(',')}&content=translated`), ctx())
    expect(res.headers.get('content-type')).toBe('application/zip')
    const entries = unzipSync(new Uint8Array(await res.arrayBuffer()))
    expect(Object.keys(entries).sort()).toEqual(['ep.fr.translated.ass', 'ep.ja.translated.ass', 'film.fr.translated.srt', 'film.ja.translated.srt'])
    expect(strFromU8(entries['film.ja.translated.srt'])).toBe('1\n00:00:00,000 --> 00:00:02,000\nT\n\n2\n00:00:02,500 --> 00:00:04,500\nT\n\n3\n00:00:05,000 --> 00:00:07,000\nT\n')
    expect(strFromU8(entries['ep.fr.translated.ass'])).toMatch(/\nDialogue: 0,0:00:01\.50,0:00:04\.20,Default,Mina,0,0,0,,T\r?\n/)

    const asVtt = unzipSync(new Uint8Array(await (await zipRoute(zipUrl(`ids=${ids[0]}&format=vtt&content=original`), ctx())).arrayBuffer()))
    expect(Object.keys(asVtt)).toEqual(['film.ja.original.vtt'])

    // Issue 29: a single export is named as its ZIP entry, language code included.
    const single = async (id: string, query: string) =>
      (await exportRoute(new NextRequest(`${BASE}/api/tasks/${id}/export?${query}`, { headers: auth }), ctx({ id }))).headers.get('content-disposition')
    expect(await single(ids[0], 'content=translated')).toBe('attachment; filename="film.ja.translated.srt"')
    expect(await single(ids[1], 'content=translated')).toBe('attachment; filename="film.fr.translated.srt"')
    expect(await single(ids[0], 'format=vtt&content=original')).toBe('attachment; filename="film.ja.original.vtt"')

    const other = await makeUser('Other')
    const foreign = await zipRoute(new NextRequest(`${BASE}/api/tasks/export.zip?ids=${ids[0]}`, { headers: other.auth }), ctx())
    expect((await foreign.json()).code).toBe(40400)
  })
})
