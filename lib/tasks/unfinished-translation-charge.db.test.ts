// A subtitle file's rows can be read while it translates, so a task that ends unfinished is charged
// for the text translated (docs/billing.md, "Deleted or failed"): its price per minute for the
// started minutes of its billed length in proportion to the characters translated; the rest is
// released, and a retry reserves only the rest, so the file never costs more than its price.
import { describe, expect, it } from 'vitest'
import { POST as createRoute } from '@/app/api/tasks/route'
import { DELETE as deleteRoute, GET as taskRoute } from '@/app/api/tasks/[id]/route'
import { POST as retryRoute } from '@/app/api/tasks/[id]/retry/route'
import { db } from '@/lib/db'
import { getBalance, grantPoints } from '@/lib/points'
import { buildSrt, ctx, jsonRequest, makeUser, multipart, readAnswer, waitFor } from '@/test/route-harness'
import { deepSeekSetup, ledgerOf } from '@/test/task-setup'
import { runTask } from './index'

await deepSeekSetup('unfinished', { stopsBoss: true })

const GRANT = 1000
const RUN = { retry: { attempts: 0, delayMs: 1 }, resumePasses: 0, fallbacks: () => [], fit: false, concurrency: 1 }
const nn = (i: number) => String(i).padStart(2, '0')

/**
 * 40 cues of 14 s, 1 s apart: the last ends at 9:59, so the file costs 10 minutes, 100 points. The
 * second half's lines carry `marker` (the same length as the first half's filler), so each half
 * is half the text.
 */
async function newTask(marker: string) {
  const owner = await makeUser()
  await grantPoints({ userId: owner.user.id, amount: GRANT, key: `g:${owner.user.id}` })
  const text = (i: number) => `Line ${nn(i)} is spoken here ${i > 20 ? marker : '[[calm]]'.padEnd(marker.length, '.')}`
  const srt = buildSrt(40, { cueMs: 14_000, gapMs: 1000, text })
  const created = await readAnswer(await createRoute(multipart('/api/tasks', owner.auth, { name: 'film.srt', body: srt }, { targetLanguage: 'ja', service: 'deepseek', batchSize: '10' }), ctx()))
  expect(created.code, created.msg).toBe(20000)
  expect(created.data.cost).toBe(100)
  return { ...owner, taskId: created.data.id as string }
}

const translatedRows = (taskId: string) => db.segment.count({ where: { taskId, translatedText: { not: null } } })

describe('a subtitle file that ends unfinished', () => {
  it('fails with half its text translated: charged 5 of its 10 minutes, the rest released; a retry reserves only the rest', async () => {
    const { user, auth, taskId } = await newTask('[[fault:500]]')
    expect(await runTask({ taskId, ...RUN })).toBe('failed')
    expect(await translatedRows(taskId)).toBe(20)
    // Half the characters translated: 10 minutes × 1/2 = 5 started minutes, 50 points.
    expect(await getBalance({ userId: user.id })).toBe(GRANT - 50)
    expect(await ledgerOf(taskId)).toEqual([
      ['reserve', -100],
      ['release', 50],
    ])

    // The fault is gone (the lines no longer carry it): the retry reserves the 50 points still unpaid.
    const rows = await db.segment.findMany({ where: { taskId, translatedText: null } })
    for (const row of rows) await db.segment.update({ where: { taskId_index: { taskId, index: row.index } }, data: { originalText: row.originalText.replace('[[fault:500]]', '[[mend]]....') } })
    expect((await readAnswer(await retryRoute(jsonRequest('POST', `/api/tasks/${taskId}/retry`, auth), ctx({ id: taskId })))).code).toBe(20000)
    expect(await getBalance({ userId: user.id })).toBe(GRANT - 100)
    expect(await runTask({ taskId, ...RUN })).toBe('completed')
    expect(await getBalance({ userId: user.id })).toBe(GRANT - 100)
    expect(await ledgerOf(taskId)).toEqual([
      ['reserve', -100],
      ['release', 50],
      ['reserve', -50],
      ['capture', 0],
    ])
  })

  it('deleted while it translates, after its translated rows were read: charged for the half translated', async () => {
    const { user, auth, taskId } = await newTask('[[fault:slow]]')
    // The third batch (lines 21–30) takes the fake two seconds: the task is deleted meanwhile.
    const run = runTask({ taskId, ...RUN })
    await waitFor(async () => (await translatedRows(taskId)) === 20, { what: 'the first half translated' })
    const read = await readAnswer(await taskRoute(jsonRequest('GET', `/api/tasks/${taskId}`, auth), ctx({ id: taskId })))
    expect(read.data.segments.filter((s: { translatedText: string | null }) => s.translatedText).length).toBe(20)
    expect((await readAnswer(await deleteRoute(jsonRequest('DELETE', `/api/tasks/${taskId}`, auth), ctx({ id: taskId })))).code).toBe(20000)
    expect(await run).toBe('deleted')
    expect(await getBalance({ userId: user.id })).toBe(GRANT - 50)
    expect(await db.pointEntry.findMany({ where: { userId: user.id, reason: { in: ['reserve', 'release'] } }, orderBy: { createdAt: 'asc' }, select: { reason: true, delta: true } })).toEqual([
      { reason: 'reserve', delta: -100 },
      { reason: 'release', delta: 50 },
    ])
  })
})
