// Splitting a cue in two and merging it with the next: the rows after renumbered with their
// review comments and kept versions, the rules refused as a whole, and undo (the other operation
// with the texts it had) giving the provider's line back as the provider's.
import { describe, expect, it } from 'vitest'
import { db } from '@/lib/db'
import { POST as splitRoute } from '@/app/api/tasks/[id]/segments/[segmentId]/split/route'
import { POST as mergeRoute } from '@/app/api/tasks/[id]/segments/[segmentId]/merge/route'
import { GET as exportRoute } from '@/app/api/tasks/[id]/export/route'
import { ctx, jsonRequest, makeUser } from '@/test/route-harness'
import { deepSeekSetup, routedTaskOfNewUser } from '@/test/task-setup'

await deepSeekSetup('structure', { stopsBoss: true })

const line = (i: number) => `Line number ${i}, a sentence to translate.`
const machine = (i: number) => `[ja] ${line(i)}`

const call = async (res: Response) => ({ status: res.status, body: await res.json() })
const split = async (auth: Record<string, string>, taskId: string, id: number, body: unknown) => call(await splitRoute(jsonRequest('POST', '/x', auth, body), ctx({ id: taskId, segmentId: String(id) })))
const merge = async (auth: Record<string, string>, taskId: string, id: number, body: unknown) => call(await mergeRoute(jsonRequest('POST', '/x', auth, body), ctx({ id: taskId, segmentId: String(id) })))
const rows = async (taskId: string) =>
  (await db.segment.findMany({ where: { taskId }, orderBy: { index: 'asc' } })).map((s) => ({ id: s.index, start: s.startTime, end: s.endTime, duration: s.durationMs, original: s.originalText, text: s.translatedText, by: s.translatedBy }))

// buildSrt(4): cue i from (i-1) × 2.5 s, 2 s long.
const halves = {
  endTime: '00:00:03,460',
  startTime: '00:00:03,540',
  originalText: ['Line number 2,', 'a sentence to translate.'],
  translatedText: ['[ja] Line number 2,', 'a sentence to translate.'],
}

describe('POST /api/tasks/{id}/segments/{segmentId}/split', () => {
  it('splits a cue at the times given, renumbers the rows after it with their comments, and the export follows', async () => {
    const { owner, taskId } = await routedTaskOfNewUser()
    const link = await db.reviewLink.create({ data: { taskId, tokenHash: `h-${taskId}`, mode: 'comment', expiresAt: new Date(Date.now() + 60_000) } })
    await db.reviewComment.createMany({ data: [2, 3, 4].map((i) => ({ linkId: link.id, taskId, segmentIndex: i, body: `on ${i}` })) })

    const res = await split(owner.auth, taskId, 2, halves)
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual([
      expect.objectContaining({ id: 2, startTime: '00:00:02,500', endTime: '00:00:03,460', duration: 960, originalText: 'Line number 2,', translatedText: '[ja] Line number 2,', translatedBy: 'edited' }),
      expect.objectContaining({ id: 3, startTime: '00:00:03,540', endTime: '00:00:04,500', duration: 960, originalText: 'a sentence to translate.', translatedText: 'a sentence to translate.', translatedBy: 'edited' }),
    ])
    const after = await rows(taskId)
    expect(after.map((r) => [r.id, r.original])).toEqual([[1, line(1)], [2, 'Line number 2,'], [3, 'a sentence to translate.'], [4, line(3)], [5, line(4)]])
    expect(after[3]).toMatchObject({ start: '00:00:05,000', text: machine(3), by: 'deepseek' })
    const comments = await db.reviewComment.findMany({ where: { taskId }, orderBy: { segmentIndex: 'asc' } })
    expect(comments.map((c) => [c.body, c.segmentIndex])).toEqual([['on 2', 2], ['on 3', 4], ['on 4', 5]])

    const srt = await (await exportRoute(jsonRequest('GET', '/x?format=srt&content=translated&reflow=0', owner.auth), ctx({ id: taskId }))).text()
    expect(srt).toContain('3\n00:00:03,540 --> 00:00:04,500\na sentence to translate.\n')
    expect(srt).toContain(`5\n00:00:07,500 --> 00:00:09,500\n${machine(4)}`)
  })

  it('refuses times outside the cue, a missing or extra translation, unknown speakers, another user, and a task still translating', async () => {
    const { owner, taskId } = await routedTaskOfNewUser()
    const before = await rows(taskId)
    for (const [body, status] of [
      [{ ...halves, endTime: '00:00:02,500', startTime: '00:00:02,600' }, 400], // the first part would be empty
      [{ ...halves, endTime: '00:00:04,000', startTime: '00:00:04,500' }, 400], // the second part would be empty
      [{ ...halves, endTime: '00:00:03,600', startTime: '00:00:03,500' }, 400], // the parts overlap
      [{ ...halves, translatedText: undefined }, 400],
      [{ ...halves, speakers: [['S1'], []] }, 400],
      [{ ...halves, originalText: ['only one'] }, 400],
    ] as const) {
      const res = await split(owner.auth, taskId, 2, body)
      expect(res.status, JSON.stringify(body)).toBe(status)
      expect(res.body.code).toBe(40000)
    }
    expect((await split(owner.auth, taskId, 9, halves)).status).toBe(404)
    const other = await makeUser('Other')
    expect(await split(other.auth, taskId, 2, halves)).toMatchObject({ status: 404, body: { code: 40400, msg: 'task does not exist' } })
    expect(await rows(taskId)).toEqual(before)

    const running = await routedTaskOfNewUser({ run: false })
    expect(await split(running.owner.auth, running.taskId, 1, { ...halves, endTime: '00:00:00,900', startTime: '00:00:01,000', translatedText: undefined })).toMatchObject({ status: 409, body: { code: 40900 } })
  })

  it('refuses a WebVTT file, whose export writes back into its own cues', async () => {
    const vtt = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nHello there, friend.\n\n00:00:02.500 --> 00:00:04.500\nSee you.\n'
    const { owner, taskId } = await routedTaskOfNewUser({ name: 'film.vtt', body: vtt })
    const res = await split(owner.auth, taskId, 1, { endTime: '00:00:01,000', startTime: '00:00:01,080', originalText: ['Hello there,', 'friend.'], translatedText: ['a', 'b'] })
    expect(res).toMatchObject({ status: 409, body: { code: 40900 } })
    expect((await merge(owner.auth, taskId, 1, { originalText: 'x', translatedText: 'y' })).status).toBe(409)
  })
})

describe('POST /api/tasks/{id}/segments/{segmentId}/merge', () => {
  it('merges a cue with the next, renumbers the rows after, and moves the next row\'s comments to it', async () => {
    const { owner, taskId } = await routedTaskOfNewUser()
    const link = await db.reviewLink.create({ data: { taskId, tokenHash: `m-${taskId}`, mode: 'comment', expiresAt: new Date(Date.now() + 60_000) } })
    await db.reviewComment.createMany({ data: [2, 3, 4].map((i) => ({ linkId: link.id, taskId, segmentIndex: i, body: `on ${i}` })) })
    const res = await merge(owner.auth, taskId, 2, { originalText: `${line(2)}\n${line(3)}`, translatedText: `${machine(2)}\n${machine(3)}` })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ id: 2, startTime: '00:00:02,500', endTime: '00:00:07,000', duration: 4500, translatedBy: 'edited' })
    const after = await rows(taskId)
    expect(after.map((r) => [r.id, r.original])).toEqual([[1, line(1)], [2, `${line(2)}\n${line(3)}`], [3, line(4)]])
    const comments = await db.reviewComment.findMany({ where: { taskId }, orderBy: [{ segmentIndex: 'asc' }, { body: 'asc' }] })
    expect(comments.map((c) => [c.body, c.segmentIndex])).toEqual([['on 2', 2], ['on 3', 2], ['on 4', 3]])
    expect((await merge(owner.auth, taskId, 3, { originalText: 'x', translatedText: 'y' })).status).toBe(404)
  })

  it('split then merge back with the origin asked is an exact undo: the provider\'s line is the provider\'s again', async () => {
    const { owner, taskId } = await routedTaskOfNewUser()
    const before = await rows(taskId)
    expect((await split(owner.auth, taskId, 2, halves)).status).toBe(200)
    const undone = await merge(owner.auth, taskId, 2, { originalText: line(2), translatedText: machine(2), translatedBy: 'deepseek' })
    expect(undone.status).toBe(200)
    expect(await rows(taskId)).toEqual(before)
    // An origin the row never held is not granted.
    await split(owner.auth, taskId, 2, halves)
    await merge(owner.auth, taskId, 2, { originalText: line(2), translatedText: 'made up', translatedBy: 'deepseek' })
    expect((await rows(taskId))[1]).toMatchObject({ text: 'made up', by: 'edited' })
  })

  it('merges untranslated rows without a translation, and refuses one given', async () => {
    const { owner, taskId } = await routedTaskOfNewUser()
    await db.segment.updateMany({ where: { taskId, index: { in: [3, 4] } }, data: { translatedText: null, translatedBy: null } })
    expect((await merge(owner.auth, taskId, 3, { originalText: 'a', translatedText: 'b' })).status).toBe(400)
    const res = await merge(owner.auth, taskId, 3, { originalText: `${line(3)} ${line(4)}` })
    expect(res.body.data).toMatchObject({ id: 3, translatedText: null, translatedBy: null })
  })
})
