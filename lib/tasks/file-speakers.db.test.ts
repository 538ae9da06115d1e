// An uploaded WebVTT or ASS file's own speakers become the task's: each voice (Name field) a
// label named as the file names it, on the cues it speaks; renamed once in the editor's dialog
// (PATCH .../speakers), the name is written back into the file on export, and into SRT with names.
import { describe, expect, it } from 'vitest'
import { GET as exportRoute } from '@/app/api/tasks/[id]/export/route'
import { PATCH as speakersRoute } from '@/app/api/tasks/[id]/speakers/route'
import { POST as createRoute } from '@/app/api/tasks/route'
import { db } from '@/lib/db'
import { grantPoints } from '@/lib/points'
import { runTask } from '@/lib/tasks'
import { buildRequest, ctx, makeUser, multipart, readAnswer } from '@/test/route-harness'
import { deepSeekSetup, FAST_PIPELINE } from '@/test/task-setup'

await deepSeekSetup('file-speakers')

const VTT = `WEBVTT

00:00:01.000 --> 00:00:03.000
<v.loud Ada Lovelace>Where is the engine?</v>

00:00:03.500 --> 00:00:05.000
<v Bo>It left an hour ago.</v>

00:00:05.500 --> 00:00:07.000
<v Ada Lovelace>Then we follow it.</v>
`

const ASS = `[Script Info]
ScriptType: v4.00+

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
Dialogue: 0,0:00:01.00,0:00:03.00,Default,Ada Lovelace,0,0,0,,Where is the engine?
Dialogue: 0,0:00:03.50,0:00:05.00,Default,Bo,0,0,0,,It left an hour ago.
Dialogue: 0,0:00:05.50,0:00:07.00,Default,Ada Lovelace,0,0,0,,Then we follow it.
`

async function uploaded(name: string, body: string) {
  const { user, auth } = await makeUser()
  await grantPoints({ userId: user.id, amount: 1000, key: `g:${user.id}` })
  const created = await readAnswer(await createRoute(multipart('/api/tasks', auth, { name, body }, { targetLanguage: 'ja', service: 'deepseek' }), ctx()))
  expect(created.status, created.msg).toBe(200)
  const taskId = created.data.id as string
  expect(await runTask({ taskId, ...FAST_PIPELINE, fit: false })).toBe('completed')
  return { taskId, auth, created: created.data }
}

const exported = async (taskId: string, auth: Record<string, string>, query: string) => {
  const res = await exportRoute(buildRequest(`/api/tasks/${taskId}/export?${query}`, { method: 'GET', headers: auth }), ctx({ id: taskId }))
  expect(res.status).toBe(200)
  return res.text()
}

const rename = (taskId: string, auth: Record<string, string>, names: Record<string, string>) =>
  speakersRoute(buildRequest(`/api/tasks/${taskId}/speakers`, { method: 'PATCH', headers: auth, body: { names } }), ctx({ id: taskId })).then(readAnswer)

describe("an uploaded file's speakers", () => {
  it('come from WebVTT voices, named, and a renamed one is written back into the voice tags', async () => {
    const { taskId, auth, created } = await uploaded('engine.vtt', VTT)
    expect(created.speakerNames).toEqual({ S1: 'Ada Lovelace', S2: 'Bo' })
    const rows = await db.segment.findMany({ where: { taskId }, orderBy: { index: 'asc' } })
    expect(rows.map((r) => r.speakers)).toEqual([['S1'], ['S2'], ['S1']])

    expect(await exported(taskId, auth, 'format=vtt&content=original')).toBe(VTT)
    expect((await rename(taskId, auth, { S1: 'Countess' })).status).toBe(200)
    expect(await exported(taskId, auth, 'format=vtt&content=original')).toBe(VTT.replace('<v.loud Ada Lovelace>', '<v.loud Countess>').replace('<v Ada Lovelace>', '<v Countess>'))
    const translated = await exported(taskId, auth, 'format=vtt&content=translated&reflow=false')
    expect(translated).toContain('<v.loud Countess>[ja] Where is the engine?</v>')
    expect(translated).toContain('<v Bo>[ja] It left an hour ago.</v>')
    expect(await exported(taskId, auth, 'format=srt&content=original&speakers=1')).toContain('Countess: Where is the engine?')
  })

  it('come from ASS Name fields, named, and a renamed one is written back into its field only', async () => {
    const { taskId, auth, created } = await uploaded('engine.ass', ASS)
    expect(created.speakerNames).toEqual({ S1: 'Ada Lovelace', S2: 'Bo' })
    expect(await exported(taskId, auth, 'format=ass&content=original')).toBe(ASS)
    expect((await rename(taskId, auth, { S2: 'Bo Peep' })).status).toBe(200)
    expect(await exported(taskId, auth, 'format=ass&content=original')).toBe(ASS.replace(',Default,Bo,', ',Default,Bo Peep,'))
    expect(await exported(taskId, auth, 'format=vtt&content=original')).toContain('<v Bo Peep>It left an hour ago.')
  })

  it('are none for a file that names nobody', async () => {
    const { taskId, created } = await uploaded('plain.vtt', VTT.replace(/<\/?v[^>]*>/g, ''))
    expect(created.speakerNames).toBeUndefined()
    expect((await db.segment.findMany({ where: { taskId } })).every((r) => r.speakers.length === 0)).toBe(true)
  })
})
