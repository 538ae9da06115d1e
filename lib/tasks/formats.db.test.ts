import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { db } from '@/lib/db'
import { grantPoints } from '@/lib/points'
import { runTask } from '@/lib/tasks'
import { parseAss } from '@/lib/subtitles/ass'
import { GET as exportRoute } from '@/app/api/tasks/[id]/export/route'
import { POST as createRoute } from '@/app/api/tasks/route'
import { BASE, ctx, makeUser, multipart } from '@/test/route-harness'
import { deepSeekSetup, FAST_PIPELINE } from '@/test/task-setup'
import { NextRequest } from 'next/server'

// VTT and ASS tasks from upload to export, translated by the DeepSeek fake.
const { fake, storageDir } = await deepSeekSetup('formats')
// fit: false: the fake's \"[ja] <English>\" lines would all be shortened (lib/tasks/fit-translations.db.test.ts covers that).
const PIPELINE = { ...FAST_PIPELINE, fit: false }

const fixture = (name: string) => readFileSync(path.join(process.cwd(), 'lib/subtitles/fixtures', name), 'utf8')
// The fixture as Aegisub saves it on Windows (CRLF), the same with LF, and with a BOM.
const ANIME_CRLF = fixture('anime.ass')
const ANIME = ANIME_CRLF.replace(/\r\n/g, '\n')
const ANIME_BOM = '\ufeff' + ANIME_CRLF

async function translated(name: string, body: string, fields: Record<string, string> = {}) {
  const { user, auth } = await makeUser()
  await grantPoints({ userId: user.id, amount: 1000, key: `g:${user.id}` })
  const res = await createRoute(multipart('/api/tasks', auth, { name, body }, { targetLanguage: 'ja', service: 'deepseek', ...fields }), ctx())
  const created = await res.json()
  expect(created.code).toBe(20000)
  expect(created.data.format).toBe(/\.vtt$/i.test(name) ? 'vtt' : 'ass')
  await runTask({ taskId: created.data.id, ...PIPELINE })
  return { taskId: created.data.id as string, auth }
}

// These tests are about what the writers keep, so they ask for the provider's own line breaks
// (reflow=false) unless a query says otherwise; the default export breaks lines per language.
async function download(taskId: string, auth: Record<string, string>, query = '') {
  const withReflow = query.includes('reflow=') ? query : `${query}${query ? '&' : '?'}reflow=false`
  const res = await exportRoute(new NextRequest(`${BASE}/api/tasks/${taskId}/export${withReflow}`, { headers: auth }), ctx({ id: taskId }))
  expect(res.status).toBe(200)
  return { body: await res.text(), disposition: res.headers.get('content-disposition'), type: res.headers.get('content-type') }
}

/** Lines of the file, with each Dialogue line's Text field cut off (what must stay byte-identical). */
function outsideText(script: string): string[] {
  const format = ['layer', 'start', 'end', 'style', 'actor', 'marginl', 'marginr', 'marginv', 'effect', 'text']
  return script.split('\n').map((line) => (line.startsWith('Dialogue:') ? line.split(',').slice(0, format.length - 1).join(',') : line))
}

describe('ASS tasks', () => {
  for (const [label, source] of [
    ['LF', ANIME],
    ['CRLF', ANIME_CRLF],
    ['BOM and CRLF', ANIME_BOM],
  ] as const) {
    it(`come back with every byte outside the dialogue text as uploaded (${label}), tags kept, no "{\\" sent`, async () => {
      const before = fake.stats.log.length
      const { taskId, auth } = await translated('Harbour Lights 03.ass', source)
      const task = await db.task.findUniqueOrThrow({ where: { id: taskId } })
      expect(task).toMatchObject({ status: 'completed', format: 'ass' })
      const sent = JSON.stringify(fake.stats.log.slice(before).map((r) => r.data))
      expect(sent).toContain('Where did the ferry go?')
      expect(sent).not.toContain('{\\\\')
      expect(sent).not.toContain('\\\\N')
      expect(sent).not.toContain('m 0 0 l 100')
      expect(sent).not.toContain('TLC:')

      const { body, disposition, type } = await download(taskId, auth)
      expect(disposition).toContain('Harbour Lights 03.ja.translated.ass')
      expect(type).toContain('text/x-ssa')
      const decodedSource = source.replace(/^\ufeff/, '')
      expect(outsideText(body)).toEqual(outsideText(decodedSource))
      expect(body).toContain('{\\an8}{\\pos(960,120)\\fs48\\c&H3A3AE0&}[ja] HARBOUR MASTER')
      expect(body).toContain('{\\i1}[ja] Finally.{\\i0}')
      expect(body).toContain('Dialogue: 1,0:00:15.90,0:00:18.00,Sign,,0,0,0,,{\\p1\\pos(300,300)\\c&HFFFFFF&}m 0 0 l 100 0 100 100 0 100{\\p0}')
      expect(body).toContain('Comment: 0,0:00:18.00,0:00:20.00,Default,,0,0,0,,TLC: "shiokaze" is the sea breeze')
      expect(parseAss(body).cues.map((c) => c.text)).toEqual(parseAss(decodedSource).cues.map((c) => `[ja] ${c.text}`))

      // The original is the uploaded file itself; bilingual puts the translation below the original, as SRT and VTT do.
      expect((await download(taskId, auth, '?content=original')).body).toBe(decodedSource)
      const bilingual = (await download(taskId, auth, '?content=bilingual')).body
      expect(bilingual).toContain(',Mina,0,0,0,,Where did the ferry go?\\N[ja] Where did the ferry go?')
      expect(outsideText(bilingual)).toEqual(outsideText(decodedSource))
    })
  }

  it('an old SSA v4 script with fonts and graphics comes back byte-identical outside the text', async () => {
    const source = fixture('night-market.ssa')
    const before = fake.stats.log.length
    const { taskId, auth } = await translated('Night Market.ssa', source)
    const sent = JSON.stringify(fake.stats.log.slice(before).map((r) => r.data))
    expect(sent).not.toContain('{\\')
    expect(sent).not.toContain('check this line')
    const { body, disposition } = await download(taskId, auth)
    expect(disposition).toContain('Night Market.ja.translated.ssa')
    const lines = (text: string) => text.split('\r\n').map((line) => (line.startsWith('Dialogue:') ? line.split(',').slice(0, 9).join(',') : line))
    expect(lines(body)).toEqual(lines(source))
    expect(body).toContain(',Note,,0000,0000,0000,,{\\a6}[ja] Stall 14: noodles, since 1987\r\n')
    // The italic span ends inside the line: its tags cannot be mapped, the text is kept.
    expect(body).toContain(',Wei,0000,0000,0000,,[ja] Coming right up!\\NSit anywhere.\r\n')
 
    // By default each translation is broken for Japanese (13 a line), as ASS writes a break: \N.
    const reflowed = (await download(taskId, auth, '?reflow=true')).body
    expect(lines(reflowed)).toEqual(lines(source))
    expect(reflowed).toContain(',Note,,0000,0000,0000,,{\\a6}[ja] Stall 14:\\Nnoodles, since 1987\r\n')
  })

  it('converts to SRT and VTT on request, and the stored file is ASS', async () => {
    const { taskId, auth } = await translated('ep.ssa', ANIME)
    const srt = await download(taskId, auth, '?format=srt')
    expect(srt.disposition).toContain('ep.ja.translated.srt')
    expect(srt.body).toContain('1\n00:00:01,500 --> 00:00:04,200\n[ja] Where did the ferry go?\n')
    const vtt = await download(taskId, auth, '?format=vtt&content=bilingual')
    expect(vtt.body).toMatch(/^WEBVTT\n/)
    const task = await db.task.findUniqueOrThrow({ where: { id: taskId } })
    expect(readFileSync(path.join(storageDir, task.storageKey!), 'utf8')).toContain('[Fonts]\nfontname: HarbourSans_0.ttf')
  })
})

describe('VTT tasks', () => {
  const VTT = `WEBVTT

STYLE
::cue(.sign) { color: yellow; }

NOTE kept as it is

intro
00:01.500 --> 00:04.200 position:10% align:start
<v Mina>Where did the ferry go?</v>

00:04.300 --> 00:07.050 line:0
<c.sign>HARBOUR MASTER</c>
`
  it('keep ids, settings, blocks and speakers; converts to ASS with the speaker in the Name field', async () => {
    const { taskId, auth } = await translated('clip.VTT', VTT)
    const { body, disposition } = await download(taskId, auth)
    expect(disposition).toContain('clip.ja.translated.vtt')
    expect(body).toBe(`WEBVTT

STYLE
::cue(.sign) { color: yellow; }

NOTE kept as it is

intro
00:01.500 --> 00:04.200 position:10% align:start
<v Mina>[ja] Where did the ferry go?</v>

00:04.300 --> 00:07.050 line:0
<c.sign>[ja] HARBOUR MASTER</c>
`)
    expect((await download(taskId, auth, '?content=original')).body).toBe(VTT)
    const ass = await download(taskId, auth, '?format=ass')
    expect(ass.body).toContain('[Events]')
    expect(ass.body).toContain('Dialogue: 0,0:00:01.50,0:00:04.20,Default,Mina,0,0,0,,[ja] Where did the ferry go?')
  })

  it('answers the format\'s own "no cue" message', async () => {
    const { auth } = await makeUser()
    const res = await createRoute(multipart('/api/tasks', auth, { name: 'empty.vtt', body: 'WEBVTT\n\nNOTE nothing here\n' }, { targetLanguage: 'ja', service: 'deepseek' }), ctx())
    expect(await res.json()).toMatchObject({ code: 40000, msg: 'WebVTT file format incorrect or content empty' })
    const ass = await createRoute(multipart('/api/tasks', auth, { name: 'signs.ass', body: '[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\nComment: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,note\n' }, { targetLanguage: 'ja', service: 'deepseek' }), ctx())
    expect(await ass.json()).toMatchObject({ code: 40000, msg: 'ASS/SSA file format incorrect or no dialogue to translate' })
  })
})
