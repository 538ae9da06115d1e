import { afterAll, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startDeepSeekFake } from '@/fakes/deepseek'
import { db } from '@/lib/db'
import { getBalance, grantPoints } from '@/lib/points'
import { runTranslationTask } from '@/lib/tasks'
import { POST as createRoute } from '@/app/api/tasks/route'
import { POST as estimateRoute } from '@/app/api/tasks/estimate/route'
import { GET as taskRoute } from '@/app/api/tasks/[id]/route'
import { POST as reviewRoute } from '@/app/api/tasks/[id]/segments/review/route'
import { buildSrt, call, ctx, makeUser, multipart } from '@/lib/testing/route-harness'

// The DeepSeek review pass against the fake, which corrects the lines whose source holds [[fix]].
const KEY = 'sk-review-test'
const fake = await startDeepSeekFake({ apiKey: KEY })
const storageDir = mkdtempSync(path.join(tmpdir(), 'ss-review-'))
Object.assign(process.env, { DEEPSEEK_API_KEY: KEY, DEEPSEEK_BASE_URL: fake.url, STORAGE_DIR: storageDir })
const PIPELINE = { retry: { attempts: 3, delayMs: 5 }, resumeDelayMs: 20 }

afterAll(async () => {
  await fake.close()
  rmSync(storageDir, { recursive: true, force: true })
})

// Eight 2-second cues, 0.5 s apart: the file ends at 19.5 s, one started minute.
const TEXTS = ['Where is the ferry?', 'It left at [[fix]] noon.', 'We missed it.', 'Kenji will know.', 'Ask [[fix]] Kenji then.', 'He is at the harbour.', 'Let us go.', 'Now.']
const SRT = buildSrt(TEXTS.length, { text: (i) => TEXTS[i - 1] })

async function create(auth: Record<string, string>, fields: Record<string, string>) {
  const res = await createRoute(multipart('/api/tasks', auth, { name: 'review.srt', body: SRT }, { targetLanguage: 'zh-CN', sourceLanguage: 'en', service: 'deepseek', ...fields }), ctx())
  const body = await res.json()
  expect(body.code).toBe(20000)
  return body.data as { id: string; cost: number }
}

describe('the review pass', () => {
  it('costs 5 points per started minute on top of the translation, shown in the estimate', async () => {
    const { auth } = await makeUser()
    const estimate = await (await estimateRoute(multipart('/api/tasks/estimate', auth, { name: 'review.srt', body: SRT }), ctx())).json()
    expect(estimate.data).toMatchObject({ cost: 10, reviewCost: 5 })
    const long = await (await estimateRoute(multipart('/api/tasks/estimate', auth, { name: 'long.srt', body: buildSrt(100, { cueMs: 2000, gapMs: 1000 }) }), ctx())).json()
    // 100 cues 3 s apart end at 5:00.0, five started minutes.
    expect(long.data).toMatchObject({ cost: 50, reviewCost: 25 })
  })

  it('corrects the two lines the model corrects, keeps their first version, leaves the others, and charges once', async () => {
    const { user, auth, token } = await makeUser()
    await grantPoints({ userId: user.id, amount: 1000, key: `g:${user.id}` })
    const task = await create(auth, { review: 'true' })
    expect(task.cost).toBe(15)
    expect(await getBalance({ userId: user.id })).toBe(985)

    const reviewedBefore = fake.stats.counters.reviewLines ?? 0
    expect(await runTranslationTask({ taskId: task.id, ...PIPELINE })).toBe('completed')
    expect((fake.stats.counters.reviewLines ?? 0) - reviewedBefore).toBe(TEXTS.length)

    const detail = await call(taskRoute, `/api/tasks/${task.id}`, { method: 'GET', token, params: { id: task.id } })
    const segments = detail.data.segments as { id: number; translatedText: string; translatedBy: string; firstVersion?: string }[]
    const reviewed = segments.filter((s) => s.firstVersion !== undefined)
    expect(reviewed.map((s) => s.id)).toEqual([2, 5])
    expect(reviewed[0]).toMatchObject({ translatedText: '[zh-CN] (reviewed) It left at  noon.', firstVersion: '[zh-CN] It left at [[fix]] noon.', translatedBy: 'deepseek' })
    expect(reviewed[1]).toMatchObject({ translatedText: '[zh-CN] (reviewed) Ask  Kenji then.', firstVersion: '[zh-CN] Ask [[fix]] Kenji then.' })
    for (const s of segments.filter((s) => s.firstVersion === undefined)) expect(s.translatedText).toBe(`[zh-CN] ${TEXTS[s.id - 1]}`)

    // Charged once, the documented cost: reserved at creation, captured at completion.
    expect(await getBalance({ userId: user.id })).toBe(985)
    const entries = await db.pointEntry.findMany({ where: { taskId: task.id } })
    expect(entries.map((e) => [e.reason, e.delta]).sort()).toEqual([['capture', 0], ['reserve', -15]])
    // The editor's copy of the reviewed line: the memory keeps the corrected version.
    expect((await db.memoryEntry.findFirstOrThrow({ where: { userId: user.id, sourceText: TEXTS[1] } })).targetText).toBe('[zh-CN] (reviewed) It left at  noon.')
  })

  it('is not run, nor charged, when not chosen', async () => {
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 1000, key: `g:${user.id}` })
    const task = await create(auth, {})
    expect(task.cost).toBe(10)
    const reviewedBefore = fake.stats.counters.reviewLines ?? 0
    await runTranslationTask({ taskId: task.id, ...PIPELINE })
    expect((fake.stats.counters.reviewLines ?? 0) - reviewedBefore).toBe(0)
    expect(await db.segment.count({ where: { taskId: task.id, firstVersion: { not: null } } })).toBe(0)
    expect(await getBalance({ userId: user.id })).toBe(990)
  })

  it('reviews chosen segments from the editor: the corrected one keeps its first version, no points', async () => {
    const { user, auth, token } = await makeUser()
    await grantPoints({ userId: user.id, amount: 1000, key: `g:${user.id}` })
    const task = await create(auth, {})
    await runTranslationTask({ taskId: task.id, ...PIPELINE })
    const answer = await call(reviewRoute, `/api/tasks/${task.id}/segments/review`, { method: 'POST', token, body: { ids: [1, 2] }, params: { id: task.id } })
    expect(answer.code).toBe(20000)
    expect(answer.data).toEqual([
      expect.objectContaining({ id: 1, translatedText: `[zh-CN] ${TEXTS[0]}` }),
      expect.objectContaining({ id: 2, translatedText: '[zh-CN] (reviewed) It left at  noon.', firstVersion: '[zh-CN] It left at [[fix]] noon.', translatedBy: 'deepseek' }),
    ])
    expect(answer.data[0].firstVersion).toBeUndefined()
    expect(await getBalance({ userId: user.id })).toBe(990)
    const missing = await call(reviewRoute, `/api/tasks/${task.id}/segments/review`, { method: 'POST', token, body: { ids: [99] }, params: { id: task.id } })
    expect([missing.status, missing.code]).toEqual([404, 40400])
  })
})
