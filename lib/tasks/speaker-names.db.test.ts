// A speaker's name cannot write cues: a name holding a line break or a control character is refused
// (40000, in the caller's language) before anything else is checked, whatever its label; and a name
// stored with one before that rule is written on one line, so an SRT export with names keeps its cues.
import { describe, expect, it } from 'vitest'
import { GET as exportRoute } from '@/app/api/tasks/[id]/export/route'
import { PATCH as speakersRoute } from '@/app/api/tasks/[id]/speakers/route'
import { db } from '@/lib/db'
import { parseSrt } from '@/lib/subtitles'
import { buildRequest, ctx, readAnswer } from '@/test/route-harness'
import { deepSeekSetup, FAST_PIPELINE, taskOfNewUser } from '@/test/task-setup'
import { runTask } from './pipeline'

await deepSeekSetup('speaker-names')

/** A name that would add a cue of its own to an SRT file written with names. */
const INJECTED = 'Ada\n\n99\n00:00:00,000 --> 00:09:59,000\nInjected cue'

async function spokenTask() {
  const made = await taskOfNewUser({ cues: 3 })
  expect(await runTask({ taskId: made.taskId, ...FAST_PIPELINE })).toBe('completed')
  await db.segment.updateMany({ where: { taskId: made.taskId }, data: { speakers: ['S1'] } })
  return made
}

const nameSpeakers = (taskId: string, auth: Record<string, string>, names: Record<string, unknown>, locale = 'en-US') =>
  speakersRoute(buildRequest(`/api/tasks/${taskId}/speakers`, { method: 'PATCH', headers: { ...auth, 'x-locale': locale }, body: { names } }), ctx({ id: taskId })).then(readAnswer)

describe('speaker names', () => {
  it('are refused with a line break or a control character, before the label or the length is looked at', async () => {
    const { taskId, auth } = await spokenTask()
    const unsafe = { code: 40000, msg: "a speaker's name must be one line of text: no line breaks or control characters" }
    expect(await nameSpeakers(taskId, auth, { S1: INJECTED })).toMatchObject({ status: 400, ...unsafe })
    // Whatever the label: one no cue has, one that is no label at all.
    expect(await nameSpeakers(taskId, auth, { S9: 'Ada\r\nBo' })).toMatchObject({ status: 400, ...unsafe })
    expect(await nameSpeakers(taskId, auth, { nobody: 'Ada\u0085' })).toMatchObject({ status: 400, ...unsafe })
    // A break a trim would hide, a tab, a bell, Unicode's line separator; with a name too long beside it.
    for (const name of ['Ada\n', '\tAda', 'A\u0007da', 'Ada\u2028Bo']) expect(await nameSpeakers(taskId, auth, { S1: name, S2: 'x'.repeat(41) })).toMatchObject({ status: 400, ...unsafe })
    expect(await nameSpeakers(taskId, auth, { S1: 'Ada\nBo' }, 'ja-JP')).toMatchObject({ status: 400, code: 40000, msg: '話者の名前は 1 行の文字にしてください（改行や制御文字は使えません）' })
    expect(await nameSpeakers(taskId, auth, { S1: 'Ada\nBo' }, 'zh-CN')).toMatchObject({ status: 400, code: 40000, msg: '说话人名称只能是一行文字，不能包含换行或控制字符' })
    expect((await db.task.findUniqueOrThrow({ where: { id: taskId } })).speakerNames).toEqual({})

    // The other checks still speak for a name on one line.
    expect(await nameSpeakers(taskId, auth, { S9: 'Ada' })).toMatchObject({ status: 400, msg: 'no cue of this task is spoken by that speaker' })
    expect(await nameSpeakers(taskId, auth, { S1: 'Ada Lovelace' })).toMatchObject({ status: 200, data: { speakerNames: { S1: 'Ada Lovelace' } } })
  })

  it('stored with a line break before the rule, are written on one line: the SRT export with names keeps its cues', async () => {
    const { taskId, auth } = await spokenTask()
    await db.task.update({ where: { id: taskId }, data: { speakerNames: { S1: INJECTED } } })
    const exported = async (query: string) => {
      const res = await exportRoute(buildRequest(`/api/tasks/${taskId}/export?${query}`, { method: 'GET', headers: auth }), ctx({ id: taskId }))
      expect(res.status).toBe(200)
      return res.text()
    }
    const srt = await exported('format=srt&content=bilingual&speakers=1')
    const cues = parseSrt(srt)
    expect(cues).toHaveLength(3)
    for (const cue of cues) expect(cue.text.split('\n')[0]).toMatch(/^Ada 99 00:00:00,000 --> 00:09:59,000 Injected cue: /)
    expect(await exported('format=vtt&content=original')).toContain('\n<v Ada 99 00:00:00,000 --  00:09:59,000 Injected cue>Line number 1')
    expect(await exported('format=ass&content=original')).toMatch(/^Dialogue: 0,[^,]+,[^,]+,Default,Ada 99 00:00:00 000 --> 00:09:59 000 Injected cue,/m)
  })
})
