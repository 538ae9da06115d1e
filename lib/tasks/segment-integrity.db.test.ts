// Edits that race a translation (issue 24, items 1 and 6): a timing shift or an edited original
// never leaves a cue untranslated in a task that completes and is charged; a task is never
// completed while a cue with text lacks its translation; cue times stay within 0..99:59:59,999.
import { describe, expect, it } from 'vitest'
import { db } from '@/lib/db'
import { getBalance, grantPoints } from '@/lib/points'
import { completeTask, runTask } from '@/lib/tasks'
import { POST as createRoute } from '@/app/api/tasks/route'
import { PATCH as patchOneRoute } from '@/app/api/tasks/[id]/segments/[segmentId]/route'
import { PATCH as patchRoute } from '@/app/api/tasks/[id]/segments/route'
import { POST as shiftRoute } from '@/app/api/tasks/[id]/segments/shift/route'
import { POST as retryRoute } from '@/app/api/tasks/[id]/retry/route'
import { GET as exportRoute } from '@/app/api/tasks/[id]/export/route'
import { buildSrt, ctx, jsonRequest, makeUser, multipart } from '@/test/route-harness'
import { deepSeekSetup } from '@/test/task-setup'

await deepSeekSetup('integrity', { stopsBoss: true })

const GRANT = 1000
const RUN = { retry: { attempts: 0, delayMs: 1 }, resumePasses: 0, fallbacks: () => [], fit: false }

async function newTask(srt: string, fields: Record<string, string> = {}) {
  const owner = await makeUser()
  await grantPoints({ userId: owner.user.id, amount: GRANT, key: `g:${owner.user.id}` })
  const res = await createRoute(multipart('/api/tasks', owner.auth, { name: 'film.srt', body: srt }, { targetLanguage: 'ja', service: 'deepseek', ...fields }), ctx())
  const body = await res.json()
  expect(body.code).toBe(20000)
  const taskId = body.data.id as string
  const cost = (await db.task.findUniqueOrThrow({ where: { id: taskId } })).cost
  return { owner, taskId, cost }
}

const rows = (taskId: string) => db.segment.findMany({ where: { taskId }, orderBy: { index: 'asc' } })
const call = async (res: Response) => ({ status: res.status, body: await res.json() })
const captures = (taskId: string) => db.pointEntry.count({ where: { taskId, reason: 'capture' } })

/** The task ended completed, every cue holds a translation, and the owner paid its cost once. */
async function expectCompleteAndPaidOnce({ owner, taskId, cost }: Awaited<ReturnType<typeof newTask>>) {
  const task = await db.task.findUniqueOrThrow({ where: { id: taskId } })
  expect(task).toMatchObject({ status: 'completed', progress: 100, pointsError: null })
  const untranslated = (await rows(taskId)).filter((r) => r.translatedText === null || r.translatedText.trim() === '').map((r) => r.index)
  expect(untranslated).toEqual([])
  expect(await captures(taskId)).toBe(1)
  expect(await getBalance({ userId: owner.user.id })).toBe(GRANT - cost)
}

describe('a timing shift while the task translates', () => {
  it('right after creation: refused, and the task ends with every cue translated and charged once', async () => {
    const task = await newTask(buildSrt(20))
    const before = await rows(task.taskId)
    const shift = await call(await shiftRoute(jsonRequest('POST', '/x', task.owner.auth, { offsetMs: 1500 }), ctx({ id: task.taskId })))
    expect(shift).toMatchObject({ status: 409, body: { code: 40900, msg: 'the task is still translating, please try again later' } })
    expect(await rows(task.taskId)).toEqual(before)

    expect(await runTask({ taskId: task.taskId, ...RUN })).toBe('completed')
    await expectCompleteAndPaidOnce(task)
  })

  it('racing the worker: every cue translated and charged once, whether the shift lands or is refused', async () => {
    const task = await newTask(buildSrt(20), { batchSize: '5' })
    const run = runTask({ taskId: task.taskId, ...RUN })
    const shifts = await Promise.all(
      [0, 5, 10, 20, 40].map(async (delay) => {
        await new Promise((r) => setTimeout(r, delay))
        return (await shiftRoute(jsonRequest('POST', '/x', task.owner.auth, { offsetMs: 100 }), ctx({ id: task.taskId }))).status
      }),
    )
    expect(await run).toBe('completed')
    expect(shifts.every((s) => s === 200 || s === 409)).toBe(true)
    await expectCompleteAndPaidOnce(task)
    const first = (await rows(task.taskId))[0]
    expect(first.startTime).toBe(`00:00:00,${String(100 * shifts.filter((s) => s === 200).length).padStart(3, '0')}`)
  })
})

describe('a failed task whose cues were shifted and edited before its retry', () => {
  it('translates every missing cue on retry, the edited originals included, and is charged once', async () => {
    // Batches of 5: every request carrying cue 12 or 13 fails, so the task fails with both untranslated.
    const text = (i: number) => (i === 12 || i === 13 ? `Broken ${i} [[fault:500]]` : `Line number ${i}, a sentence to translate.`)
    const task = await newTask(buildSrt(20, { text }), { batchSize: '5' })
    expect(await runTask({ taskId: task.taskId, ...RUN })).toBe('failed')
    // Three quarters translated of a 1-minute file: that started minute is charged (docs/billing.md).
    expect(await getBalance({ userId: task.owner.user.id })).toBe(GRANT - task.cost)
    expect((await rows(task.taskId)).filter((r) => r.translatedText === null).map((r) => r.index)).toEqual(expect.arrayContaining([12, 13]))

    const shift = await call(await shiftRoute(jsonRequest('POST', '/x', task.owner.auth, { offsetMs: 1000 }), ctx({ id: task.taskId })))
    expect(shift.status).toBe(200)
    const fixed = await call(await patchOneRoute(jsonRequest('PATCH', '/x', task.owner.auth, { originalText: 'Thirteen, fixed.' }), ctx({ id: task.taskId, segmentId: '13' })))
    expect(fixed.status).toBe(200)
    const bulk = await call(await patchRoute(jsonRequest('PATCH', '/x', task.owner.auth, { segments: [{ id: 12, originalText: 'Twelve, reworded.' }, { id: 14, startTime: '00:00:40,000', endTime: '00:00:41,000' }] }), ctx({ id: task.taskId })))
    expect(bulk.status).toBe(200)
    // Timing changes and edited originals are not translations made by a person.
    expect((await rows(task.taskId)).filter((r) => r.translatedBy === 'edited')).toEqual([])

    expect((await call(await retryRoute(jsonRequest('POST', '/x', task.owner.auth), ctx({ id: task.taskId })))).status).toBe(200)
    expect(await runTask({ taskId: task.taskId, ...RUN })).toBe('completed')
    await expectCompleteAndPaidOnce(task)
    const after = await rows(task.taskId)
    expect(after[11].translatedText).toContain('Twelve, reworded.')
    expect(after[12].translatedText).toContain('Thirteen, fixed.')
    expect(after[13]).toMatchObject({ startTime: '00:00:40,000', endTime: '00:00:41,000' })
    expect(after[0]).toMatchObject({ startTime: '00:00:01,000', endTime: '00:00:03,000' })
  })
})

describe('completion guard', () => {
  it('fails the task instead of completing it while a cue with text has no translation, charging only what was translated', async () => {
    const task = await newTask(buildSrt(4))
    await db.segment.updateMany({ where: { taskId: task.taskId, index: { in: [1, 2, 4] } }, data: { translatedText: 'done', translatedBy: 'deepseek' } })
    await completeTask({ taskId: task.taskId, startedAt: new Date() })
    const after = await db.task.findUniqueOrThrow({ where: { id: task.taskId } })
    expect(after.status).toBe('failed')
    expect(after.error).toMatch(/1 cue/)
    expect(await captures(task.taskId)).toBe(0)
    // Three of four lines translated, of a 1-minute file: its one started minute.
    expect(await getBalance({ userId: task.owner.user.id })).toBe(GRANT - task.cost)
    expect(await db.pointEntry.count({ where: { taskId: task.taskId, reason: 'release' } })).toBe(1)
  })

  it('fails a run that leaves a cue without its translation (a row the worker may not write)', async () => {
    const task = await newTask(buildSrt(6))
    // A row marked as a person's translation yet holding none: the worker never writes over it.
    await db.segment.update({ where: { taskId_index: { taskId: task.taskId, index: 3 } }, data: { translatedBy: 'edited', editedAt: new Date() } })
    expect(await runTask({ taskId: task.taskId, ...RUN })).toBe('failed')
    expect((await db.task.findUniqueOrThrow({ where: { id: task.taskId } })).status).toBe('failed')
    expect(await captures(task.taskId)).toBe(0)
    // Five of six lines translated, of a 1-minute file: its one started minute.
    expect(await getBalance({ userId: task.owner.user.id })).toBe(GRANT - task.cost)
  })

  it('completes a task whose blank cues and a person\'s emptied translation have no text', async () => {
    const task = await newTask(buildSrt(4))
    expect(await runTask({ taskId: task.taskId, ...RUN })).toBe('completed')
    const owner = task.owner
    // Back to translating (as a run resumed before its completion was recorded), with a cue emptied by its owner.
    await db.task.update({ where: { id: task.taskId }, data: { status: 'translating', progress: 99 } })
    await db.segment.update({ where: { taskId_index: { taskId: task.taskId, index: 4 } }, data: { originalText: ' ', translatedText: '' } })
    expect((await call(await patchOneRoute(jsonRequest('PATCH', '/x', owner.auth, { translatedText: '' }), ctx({ id: task.taskId, segmentId: '2' })))).status).toBe(200)
    await completeTask({ taskId: task.taskId, startedAt: new Date() })
    expect((await db.task.findUniqueOrThrow({ where: { id: task.taskId } })).status).toBe('completed')
  })
})

describe('edits that cannot apply while the task translates', () => {
  it('refuses giving text to a blank cue that has no translation yet', async () => {
    const task = await newTask(buildSrt(3))
    // A cue emptied before this run, which the worker has passed over: its translation is blank, and so is its text.
    await db.segment.update({ where: { taskId_index: { taskId: task.taskId, index: 3 } }, data: { originalText: '', translatedText: '' } })
    const res = await call(await patchOneRoute(jsonRequest('PATCH', '/x', task.owner.auth, { originalText: 'Now with words.' }), ctx({ id: task.taskId, segmentId: '3' })))
    expect(res).toMatchObject({ status: 409, body: { code: 40900 } })
    const bulk = await call(await patchRoute(jsonRequest('PATCH', '/x', task.owner.auth, { segments: [{ id: 3, originalText: 'Now with words.' }] }), ctx({ id: task.taskId })))
    expect(bulk.status).toBe(409)
    // Giving it a translation at the same time is a complete edit.
    const both = await call(await patchRoute(jsonRequest('PATCH', '/x', task.owner.auth, { segments: [{ id: 3, originalText: 'Now with words.', translatedText: 'Maintenant avec des mots.' }] }), ctx({ id: task.taskId })))
    expect(both.status).toBe(200)
    expect(await runTask({ taskId: task.taskId, ...RUN })).toBe('completed')
    await expectCompleteAndPaidOnce(task)
  })
})

describe('cue times', () => {
  async function completed(count = 3) {
    const task = await newTask(buildSrt(count))
    expect(await runTask({ taskId: task.taskId, ...RUN })).toBe('completed')
    return task
  }
  const times = async (taskId: string) => (await rows(taskId)).map((r) => [r.startTime, r.endTime, r.durationMs])
  const patchTimes = async (task: Awaited<ReturnType<typeof newTask>>, startTime: string, endTime: string) =>
    call(await patchRoute(jsonRequest('PATCH', '/x', task.owner.auth, { segments: [{ id: 1, startTime, endTime }] }), ctx({ id: task.taskId })))

  it('refuses an end before its start and times past 99:59:59,999, and changes nothing', async () => {
    const task = await completed()
    const before = await times(task.taskId)
    for (const [start, end] of [
      ['99:59:59,999', '00:00:00,000'],
      ['00:00:02,000', '00:00:01,999'],
      ['100:00:00,000', '100:00:01,000'],
      ['99:59:59,000', '219:59:59,999'],
    ]) {
      const res = await patchTimes(task, start, end)
      expect({ start, end, status: res.status, code: res.body.code }).toEqual({ start, end, status: 400, code: 40000 })
    }
    expect((await patchTimes(task, '00:00:02,000', '00:00:01,000')).body.msg).toBe('a cue must end at or after its start, between 00:00:00,000 and 99:59:59,999')
    expect(await times(task.taskId)).toEqual(before)
    expect((await patchTimes(task, '99:59:58,000', '99:59:59,999')).status).toBe(200)
    expect((await patchTimes(task, '00:00:03,000', '00:00:03,000')).status).toBe(200)
  })

  it('refuses a shift that would move a cue past 99:59:59,999 and changes nothing', async () => {
    const task = await completed()
    const day = 86_400_000
    for (let n = 1; n <= 4; n++) {
      expect((await call(await shiftRoute(jsonRequest('POST', '/x', task.owner.auth, { offsetMs: day }), ctx({ id: task.taskId })))).status).toBe(200)
    }
    expect((await rows(task.taskId))[2].endTime).toBe('96:00:07,000')
    const before = await times(task.taskId)
    // Cue 3 ends at 96:00:07,000: 3:59:53,000 later is 100:00:00,000, one past the last allowed time.
    for (const body of [{ offsetMs: day }, { offsetMs: 14_393_000 }, { offsetMs: 14_393_000, ids: [3] }]) {
      const res = await call(await shiftRoute(jsonRequest('POST', '/x', task.owner.auth, body), ctx({ id: task.taskId })))
      expect(res).toMatchObject({ status: 400, body: { code: 40000, msg: 'this shift would move a cue past 99:59:59,999; nothing was changed' } })
    }
    expect(await times(task.taskId)).toEqual(before)
    expect((await call(await shiftRoute(jsonRequest('POST', '/x', task.owner.auth, { offsetMs: 14_392_999 }), ctx({ id: task.taskId })))).status).toBe(200)
    expect((await rows(task.taskId))[2].endTime).toBe('99:59:59,999')
    const srt = await (await exportRoute(jsonRequest('GET', '/x?format=srt&content=translated', task.owner.auth), ctx({ id: task.taskId }))).text()
    expect(srt).not.toMatch(/\d{3}:\d\d:\d\d,/)
  })
})
