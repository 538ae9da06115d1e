// Retranslate is not a free translation API: it shares the translate calls' per-user limit and
// their daily allowance of characters, and its segment text is capped like an uploaded cue.
import { afterAll, describe, expect, it } from 'vitest'
import { startDeepSeekFake } from '@/fakes/deepseek'
import { db } from '@/lib/db'
import { stopBoss } from '@/lib/jobs'
import { spendBudget } from '@/lib/rate-limit'
import { FREE_CHARS_PER_DAY, nextUtcMidnight } from '@/lib/translate/free-usage'
import { PATCH as patchRoute } from '@/app/api/tasks/[id]/segments/[segmentId]/route'
import { POST as retranslateRoute } from '@/app/api/tasks/[id]/segments/[segmentId]/retranslate/route'
import { POST as deepseekRoute } from '@/app/api/translation/deepseek_translate/route'
import { ctx, jsonRequest } from '@/test/route-harness'
import { taskOfNewUser } from '@/test/task-setup'

const KEY = 'sk-free-translation'
const fake = await startDeepSeekFake({ apiKey: KEY })
Object.assign(process.env, { DEEPSEEK_API_KEY: KEY, DEEPSEEK_BASE_URL: fake.url })

afterAll(async () => {
  await stopBoss()
  await fake.close()
})

async function completedTask() {
  const task = await taskOfNewUser({ cues: 5 })
  await db.task.update({ where: { id: task.taskId }, data: { status: 'completed' } })
  return task
}

const retranslate = (auth: Record<string, string>, taskId: string, segmentId = '3') =>
  retranslateRoute(jsonRequest('POST', `/api/tasks/${taskId}/segments/${segmentId}/retranslate`, auth), ctx({ id: taskId, segmentId }))

describe('retranslate limits', () => {
  it('lets 60 of 100 simultaneous retranslations through, then answers 42900 before calling the provider', async () => {
    const { auth, taskId } = await completedTask()
    const before = fake.stats.requests
    const answers = await Promise.all(Array.from({ length: 100 }, () => retranslate(auth, taskId).then((r) => r.json())))
    const codes = answers.map((a) => a.code)
    expect(codes.filter((c) => c === 20000)).toHaveLength(60)
    expect(codes.filter((c) => c === 42900)).toHaveLength(40)
    expect(fake.stats.requests - before).toBe(60)
  })

  it('shares the per-user limit with the translate calls', async () => {
    const { user, auth, taskId } = await completedTask()
    await db.rateLimit.create({ data: { key: `translate:${user.id}`, count: 59, resetAt: new Date(Date.now() + 60_000) } })
    const translate = await deepseekRoute(jsonRequest('POST', '/x', auth, { texts: ['Hello'], targetLanguage: 'fr' }), ctx())
    expect((await translate.json()).code).toBe(20000)
    const res = await retranslate(auth, taskId)
    expect(res.status).toBe(429)
    expect(await res.json()).toEqual({ code: 42900, msg: 'Too many requests, please try again later', data: null })
  })

  it('caps segment text: an edit to 10,000 characters is refused, and so is retranslating such a stored text', async () => {
    const { auth, taskId } = await completedTask()
    const edit = await patchRoute(jsonRequest('PATCH', '/x', auth, { originalText: 'x'.repeat(10_000) }), ctx({ id: taskId, segmentId: '3' }))
    expect(await edit.json()).toEqual({ code: 40000, msg: 'segment text must be at most 2000 characters', data: null })
    const atCap = await patchRoute(jsonRequest('PATCH', '/x', auth, { originalText: 'x'.repeat(2000) }), ctx({ id: taskId, segmentId: '3' }))
    expect((await atCap.json()).code).toBe(20000)
    // A text stored before the cap existed is not sent to the provider either.
    await db.segment.update({ where: { taskId_index: { taskId, index: 4 } }, data: { originalText: 'y'.repeat(10_000) } })
    const before = fake.stats.requests
    const res = await retranslate(auth, taskId, '4')
    expect(await res.json()).toEqual({ code: 40000, msg: 'segment text must be at most 2000 characters', data: null })
    expect(fake.stats.requests).toBe(before)
  })

  it('answers 42900 saying when the allowance resets once the day\'s free characters are used, on both calls', async () => {
    const { user, auth, taskId } = await completedTask()
    const day = new Date().toISOString().slice(0, 10)
    await db.rateLimit.create({ data: { key: `translate-chars:${user.id}:${day}`, count: FREE_CHARS_PER_DAY - 5, resetAt: nextUtcMidnight() } })
    const reset = `${nextUtcMidnight().toISOString().slice(0, 16).replace('T', ' ')} UTC`
    const before = fake.stats.requests
    const translate = await deepseekRoute(jsonRequest('POST', '/x', auth, { texts: ['Hello there'], targetLanguage: 'fr' }), ctx())
    expect(translate.status).toBe(429)
    expect(await translate.json()).toEqual({ code: 42900, msg: `today's free translation allowance (100000 characters) is used up; it resets at ${reset}`, data: null })
    const again = await retranslate({ ...auth, 'x-locale': 'zh-CN' }, taskId)
    expect(await again.json()).toEqual({ code: 42900, msg: `今日免费翻译额度（100000 个字符）已用完，将于 ${reset} 重置`, data: null })
    expect(fake.stats.requests).toBe(before)
    // What is left can still be spent.
    const small = await deepseekRoute(jsonRequest('POST', '/x', auth, { texts: ['Hi'], targetLanguage: 'fr' }), ctx())
    expect((await small.json()).code).toBe(20000)
  })
})

describe('spendBudget', () => {
  it('never overdraws under concurrent spends, and a refused spend adds nothing', async () => {
    const key = `budget:${Math.random()}`
    const resetAt = new Date(Date.now() + 60_000)
    const results = await Promise.all(Array.from({ length: 50 }, () => spendBudget({ key, amount: 3000, limit: 100_000, resetAt })))
    expect(results.filter(Boolean)).toHaveLength(33)
    expect((await db.rateLimit.findUniqueOrThrow({ where: { key } })).count).toBe(99_000)
    expect(await spendBudget({ key, amount: 1000, limit: 100_000, resetAt })).toBe(true)
    expect(await spendBudget({ key, amount: 1, limit: 100_000, resetAt })).toBe(false)
  })

  it('starts again once the window has passed', async () => {
    const key = `budget:${Math.random()}`
    await db.rateLimit.create({ data: { key, count: 100_000, resetAt: new Date(Date.now() - 1000) } })
    expect(await spendBudget({ key, amount: 10, limit: 100_000, resetAt: new Date(Date.now() + 60_000) })).toBe(true)
    expect((await db.rateLimit.findUniqueOrThrow({ where: { key } })).count).toBe(10)
  })
})
