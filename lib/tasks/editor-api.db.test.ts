// The editor's bulk endpoints: several segments changed in one call, timing shifts, retranslating a
// selection in one call, and edits while translating that the worker never overwrites.
import { describe, expect, it } from 'vitest'
import { db } from '@/lib/db'
import { runTask } from '@/lib/tasks'
import { grantPoints } from '@/lib/points'
import { POST as createRoute } from '@/app/api/tasks/route'
import { PATCH as patchOneRoute } from '@/app/api/tasks/[id]/segments/[segmentId]/route'
import { PATCH as patchRoute } from '@/app/api/tasks/[id]/segments/route'
import { POST as shiftRoute } from '@/app/api/tasks/[id]/segments/shift/route'
import { POST as retranslateRoute } from '@/app/api/tasks/[id]/segments/retranslate/route'
import { GET as exportRoute } from '@/app/api/tasks/[id]/export/route'
import { saveTranslations } from './segment-rows'
import { buildSrt, ctx, jsonRequest, makeUser, multipart } from '@/test/route-harness'
import { deepSeekSetup } from '@/test/task-setup'

const { fake } = await deepSeekSetup('editor', { stopsBoss: true })

async function ownedTask(count = 6) {
  const owner = await makeUser()
  await grantPoints({ userId: owner.user.id, amount: 1000, key: `g:${owner.user.id}` })
  const res = await createRoute(multipart('/api/tasks', owner.auth, { name: 'film.srt', body: buildSrt(count) }, { targetLanguage: 'ja', service: 'deepseek' }), ctx())
  const taskId = (await res.json()).data.id as string
  return { owner, taskId }
}

async function completed(count = 6) {
  const task = await ownedTask(count)
  expect(await runTask({ taskId: task.taskId, retry: { attempts: 0, delayMs: 1 }, fit: false })).toBe('completed')
  return task
}

const texts = async (taskId: string) =>
  (await db.segment.findMany({ where: { taskId }, orderBy: { index: 'asc' } })).map((s) => ({ id: s.index, t: s.translatedText, start: s.startTime, end: s.endTime, edited: s.editedAt !== null }))

const call = async (res: Response) => ({ status: res.status, body: await res.json() })

describe('PATCH /api/tasks/{id}/segments', () => {
  it('changes texts and times of several segments in one request and marks them edited', async () => {
    const { owner, taskId } = await completed()
    const res = await call(
      await patchRoute(
        jsonRequest('PATCH', '/x', owner.auth, {
          segments: [
            { id: 2, translatedText: 'Bob' },
            { id: 5, originalText: 'Five', translatedText: 'Cinq' },
            { id: 6, startTime: '00:00:20,000', endTime: '00:00:21,500' },
          ],
        }),
        ctx({ id: taskId }),
      ),
    )
    expect(res.status).toBe(200)
    expect(res.body.data).toHaveLength(3)
    expect(res.body.data[2]).toMatchObject({ id: 6, startTime: '00:00:20,000', endTime: '00:00:21,500', duration: 1500 })
    const rows = await texts(taskId)
    expect(rows[1]).toMatchObject({ t: 'Bob', edited: true })
    expect(rows[4]).toMatchObject({ t: 'Cinq', edited: true })
    expect(rows[0].edited).toBe(false)
    expect((await db.segment.findUnique({ where: { taskId_index: { taskId, index: 5 } } }))?.originalText).toBe('Five')
  })

  it('is all or nothing: an unknown id or a bad field changes nothing', async () => {
    const { owner, taskId } = await completed()
    const before = await texts(taskId)
    const unknown = await call(await patchRoute(jsonRequest('PATCH', '/x', owner.auth, { segments: [{ id: 1, translatedText: 'x' }, { id: 99, translatedText: 'y' }] }), ctx({ id: taskId })))
    expect(unknown).toMatchObject({ status: 404, body: { code: 40400, msg: 'segment does not exist' } })
    for (const segments of [[], [{ id: 1 }], [{ id: 1, startTime: '00:00:01,000' }], [{ id: 1, startTime: 'soon', endTime: 'later' }], [{ id: 1, translatedText: 'a' }, { id: 1, translatedText: 'b' }], [{ id: 0, translatedText: 'x' }]]) {
      const bad = await call(await patchRoute(jsonRequest('PATCH', '/x', owner.auth, { segments }), ctx({ id: taskId })))
      expect(bad.status).toBe(400)
      expect(bad.body.code).toBe(40000)
    }
    expect(await texts(taskId)).toEqual(before)
  })

  it('answers 40400 to another user and changes nothing', async () => {
    const { taskId } = await completed()
    const { auth } = await makeUser('Other')
    const before = await texts(taskId)
    for (const res of [
      await patchRoute(jsonRequest('PATCH', '/x', auth, { segments: [{ id: 1, translatedText: 'hacked' }] }), ctx({ id: taskId })),
      await shiftRoute(jsonRequest('POST', '/x', auth, { offsetMs: 500 }), ctx({ id: taskId })),
      await retranslateRoute(jsonRequest('POST', '/x', auth, { ids: [1] }), ctx({ id: taskId })),
    ]) {
      expect(await call(res)).toMatchObject({ status: 404, body: { code: 40400, msg: 'task does not exist' } })
    }
    expect(await texts(taskId)).toEqual(before)
  })
})

describe('POST /api/tasks/{id}/segments/shift', () => {
  it('moves every cue and the export follows', async () => {
    const { owner, taskId } = await completed(3)
    const res = await call(await shiftRoute(jsonRequest('POST', '/x', owner.auth, { offsetMs: 500 }), ctx({ id: taskId })))
    expect(res.status).toBe(200)
    expect(res.body.data.map((s: { startTime: string }) => s.startTime)).toEqual(['00:00:00,500', '00:00:03,000', '00:00:05,500'])
    const srt = await (await exportRoute(jsonRequest('GET', '/x?format=srt&content=translated', owner.auth), ctx({ id: taskId }))).text()
    expect(srt).toContain('1\n00:00:00,500 --> 00:00:02,500\n')
    expect(srt).toContain('3\n00:00:05,500 --> 00:00:07,500\n')
  })

  it('moves only the listed cues, never below zero', async () => {
    const { owner, taskId } = await completed(3)
    const res = await call(await shiftRoute(jsonRequest('POST', '/x', owner.auth, { offsetMs: -3000, ids: [1, 2] }), ctx({ id: taskId })))
    expect(res.body.data).toEqual([
      expect.objectContaining({ id: 1, startTime: '00:00:00,000', endTime: '00:00:00,000', duration: 0 }),
      expect.objectContaining({ id: 2, startTime: '00:00:00,000', endTime: '00:00:01,500', duration: 1500 }),
    ])
    expect((await texts(taskId))[2]).toMatchObject({ start: '00:00:05,000', end: '00:00:07,000' })
    const zero = await call(await shiftRoute(jsonRequest('POST', '/x', owner.auth, { offsetMs: 0 }), ctx({ id: taskId })))
    expect(zero.status).toBe(400)
    const missing = await call(await shiftRoute(jsonRequest('POST', '/x', owner.auth, { offsetMs: 10, ids: [4] }), ctx({ id: taskId })))
    expect(missing.status).toBe(404)
  })
})

describe('POST /api/tasks/{id}/segments/retranslate', () => {
  it('retranslates the selected segments in one call and leaves the others', async () => {
    const { owner, taskId } = await completed(8)
    await patchRoute(jsonRequest('PATCH', '/x', owner.auth, { segments: [2, 4, 5, 7].map((id) => ({ id, translatedText: `mine ${id}` })) }), ctx({ id: taskId }))
    const before = fake.stats.requests
    const res = await call(await retranslateRoute(jsonRequest('POST', '/x', owner.auth, { ids: [2, 5, 7] }), ctx({ id: taskId })))
    expect(res.status).toBe(200)
    expect(fake.stats.requests - before).toBe(1)
    expect(res.body.data.map((s: { id: number }) => s.id)).toEqual([2, 5, 7])
    const rows = await texts(taskId)
    expect(rows[1].t).toContain('Line number 2')
    expect(rows[3].t).toBe('mine 4')
    expect(rows[4].t).toContain('Line number 5')
    expect(rows[6].t).toContain('Line number 7')
  })

  it('refuses while translating, unknown ids, and more than its rate', async () => {
    const { owner, taskId } = await ownedTask()
    expect((await call(await retranslateRoute(jsonRequest('POST', '/x', owner.auth, { ids: [1] }), ctx({ id: taskId })))).status).toBe(409)
    await runTask({ taskId, retry: { attempts: 0, delayMs: 1 }, fit: false })
    expect((await call(await retranslateRoute(jsonRequest('POST', '/x', owner.auth, { ids: [1, 42] }), ctx({ id: taskId })))).status).toBe(404)
    expect((await call(await retranslateRoute(jsonRequest('POST', '/x', owner.auth, { ids: [] }), ctx({ id: taskId })))).status).toBe(400)
    await db.rateLimit.create({ data: { key: `translate:${owner.user.id}`, count: 60, resetAt: new Date(Date.now() + 60_000) } })
    const before = fake.stats.requests
    expect(await call(await retranslateRoute(jsonRequest('POST', '/x', owner.auth, { ids: [1] }), ctx({ id: taskId })))).toMatchObject({ status: 429, body: { code: 42900 } })
    expect(fake.stats.requests).toBe(before)
  })
})

describe('edits while translating', () => {
  it('accepts an edit of a translated row, refuses an untranslated one, and the worker keeps the edit', async () => {
    const { owner, taskId } = await ownedTask(4)
    // as if the first batch had finished: row 1 has its translation, the others not yet
    await db.segment.update({ where: { taskId_index: { taskId, index: 1 } }, data: { translatedText: 'machine 1' } })
    const pending = await call(await patchOneRoute(jsonRequest('PATCH', '/x', owner.auth, { translatedText: 'too early' }), ctx({ id: taskId, segmentId: '2' })))
    expect(pending).toMatchObject({ status: 409, body: { code: 40900, msg: 'this segment is still being translated, please wait for its translation' } })
    const early = await call(await patchRoute(jsonRequest('PATCH', '/x', owner.auth, { segments: [{ id: 3, translatedText: 'too early' }] }), ctx({ id: taskId })))
    expect(early.status).toBe(409)
    const edited = await call(await patchOneRoute(jsonRequest('PATCH', '/x', owner.auth, { translatedText: 'by hand' }), ctx({ id: taskId, segmentId: '1' })))
    expect(edited.status).toBe(200)
    // a batch in flight when the person edited writes its result: the edited row keeps the edit
    expect(await saveTranslations(db, taskId, [{ id: 1, translatedText: 'machine again' }, { id: 2, translatedText: 'machine 2' }])).toBe(2)
    expect(await runTask({ taskId, retry: { attempts: 0, delayMs: 1 }, fit: false })).toBe('completed')
    const rows = await texts(taskId)
    expect(rows[0]).toMatchObject({ t: 'by hand', edited: true })
    expect(rows[1].t).toBe('machine 2')
    expect(rows[3].t).toContain('Line number 4')
  })
})
