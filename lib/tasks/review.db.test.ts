// The review pass against the DeepSeek fake: corrections kept beside the first translation, the
// price reserved with the task and charged once, refunded when the review could not finish, and
// the editor's per-segment review (free, within the translate-call allowance).
import { beforeEach, describe, expect, it } from 'vitest'
import { DEEPSEEK_REVIEW_BOGUS, DEEPSEEK_REVIEW_FIX } from '@/fakes/deepseek'
import { db } from '@/lib/db'
import { getBalance, grantPoints } from '@/lib/points'
import { reviewCostFor } from '@/lib/pricing'
import { runTask } from '@/lib/tasks'
import { completeTask } from '@/lib/tasks/pipeline'
import { POST as createRoute } from '@/app/api/tasks/route'
import { POST as estimateRoute } from '@/app/api/tasks/estimate/route'
import { POST as batchRoute } from '@/app/api/tasks/batch/route'
import { GET as taskRoute } from '@/app/api/tasks/[id]/route'
import { POST as reviewRoute } from '@/app/api/tasks/[id]/segments/[segmentId]/review/route'
import { POST as retranslateRoute } from '@/app/api/tasks/[id]/segments/[segmentId]/retranslate/route'
import { NextRequest } from 'next/server'
import { BASE, buildSrt, ctx, jsonRequest, makeUser, multipart } from '@/test/route-harness'
import { deepSeekSetup } from '@/test/task-setup'

const { fake } = await deepSeekSetup('review', { stopsBoss: true })

beforeEach(() => fake.resetStats())

// fit: false: the fake's "[ja] <English>" lines would all be shortened (lib/tasks/fit-translations.db.test.ts covers that).
const PIPELINE = { retry: { attempts: 2, delayMs: 5 }, resumeDelayMs: 20, resumePasses: 0, fit: false }
const MARKED = new Set([4, 9])
// 12 cues of 2.5 s end at 0:29.5: 1 started minute, 10 points to translate, 5 to review.
const srt = (mark: (i: number) => string = (i) => (MARKED.has(i) ? ` ${DEEPSEEK_REVIEW_FIX}` : '')) => buildSrt(12, { text: (i) => `Line number ${i}, a sentence to translate.${mark(i)}` })
const lineText = (i: number) => `Line number ${i}, a sentence to translate.${MARKED.has(i) ? ` ${DEEPSEEK_REVIEW_FIX}` : ''}`

async function create(auth: Record<string, string>, body: string, fields: Record<string, string>) {
  const res = await createRoute(multipart('/api/tasks', auth, { name: 'movie.srt', body }, { targetLanguage: 'ja', service: 'deepseek', ...fields }), ctx())
  return res.json()
}

async function segmentsOf(auth: Record<string, string>, taskId: string) {
  const body = await (await taskRoute(jsonRequest('GET', `/api/tasks/${taskId}`, auth), ctx({ id: taskId }))).json()
  return body.data as { review: boolean; reviewCost: number; reviewIncomplete: boolean; cost: number; segments: { id: number; translatedText: string; translatedBy: string; firstTranslation: string | null }[] }
}

const ledger = (userId: string) => db.pointEntry.findMany({ where: { userId }, orderBy: { createdAt: 'asc' }, select: { reason: true, delta: true } })

describe('the review pass of a task', () => {
  it('the estimate shows what the review adds: 5 points per started minute', async () => {
    const { auth } = await makeUser()
    const body = await (await estimateRoute(multipart('/api/tasks/estimate', auth, { name: 'a.srt', body: buildSrt(100) }), ctx())).json()
    // 100 cues end at 4:09.5: 5 started minutes, 50 points to translate, 25 to review.
    expect(body.data).toMatchObject({ cost: 50, reviewCost: 25 })
    expect(reviewCostFor(50)).toBe(25)
  })

  it('the fake corrects two lines of a batch: those two are marked reviewed with the first version kept, the others untouched, charged once', async () => {
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 100, key: `g:${user.id}` })
    const created = await create(auth, srt(), { review: 'true' })
    expect(created.data).toMatchObject({ review: true, reviewCost: 5, cost: 15, reviewIncomplete: false })
    const taskId = created.data.id as string
    // Reserved with the task, as one amount.
    expect(await getBalance({ userId: user.id })).toBe(85)

    expect(await runTask({ taskId, ...PIPELINE })).toBe('completed')
    expect(fake.stats.counters.reviewRequests).toBeGreaterThanOrEqual(1)
    expect(fake.stats.counters.reviewLines).toBe(12)

    const task = await segmentsOf(auth, taskId)
    expect(task).toMatchObject({ review: true, reviewIncomplete: false })
    for (const segment of task.segments) {
      const first = `[ja] ${lineText(segment.id)}`
      if (MARKED.has(segment.id)) {
        expect(segment).toMatchObject({ translatedText: `${first} (reviewed)`, translatedBy: 'deepseek', firstTranslation: first })
      } else {
        expect(segment).toMatchObject({ translatedText: first, translatedBy: 'deepseek', firstTranslation: null })
      }
    }
    // 15 points left the balance once: one reservation, captured; nothing refunded.
    expect(await getBalance({ userId: user.id })).toBe(85)
    expect(await ledger(user.id)).toEqual([
      { reason: 'grant', delta: 100 },
      { reason: 'reserve', delta: -15 },
      { reason: 'capture', delta: 0 },
    ])
    // Completing again (a worker's replay) charges nothing more.
    await completeTask({ taskId, startedAt: new Date() })
    expect(await getBalance({ userId: user.id })).toBe(85)
  })

  it('without the option no review request is sent and only the translation is charged', async () => {
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 100, key: `g:${user.id}` })
    const created = await create(auth, srt(), {})
    expect(created.data).toMatchObject({ review: false, reviewCost: 0, cost: 10 })
    expect(await runTask({ taskId: created.data.id, ...PIPELINE })).toBe('completed')
    expect(fake.stats.counters.reviewRequests).toBeUndefined()
    expect((await segmentsOf(auth, created.data.id)).segments.every((s) => s.firstTranslation === null)).toBe(true)
    expect(await getBalance({ userId: user.id })).toBe(90)
  })

  it('a review that could not finish keeps the translations and refunds the review price, once', async () => {
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 100, key: `g:${user.id}` })
    const created = await create(auth, srt((i) => (i === 2 ? ` ${DEEPSEEK_REVIEW_BOGUS}` : '')), { review: 'on' })
    const taskId = created.data.id as string
    expect(await runTask({ taskId, ...PIPELINE })).toBe('completed')
    const task = await segmentsOf(auth, taskId)
    expect(task.reviewIncomplete).toBe(true)
    expect(task.segments.every((s) => s.translatedText.startsWith('[ja] ') && s.firstTranslation === null)).toBe(true)
    // 15 reserved and captured, the review's 5 given back: the translation's 10 in all.
    expect(await getBalance({ userId: user.id })).toBe(90)
    await completeTask({ taskId, startedAt: new Date() })
    expect(await getBalance({ userId: user.id })).toBe(90)
    expect((await ledger(user.id)).filter((e) => e.reason === 'refund')).toEqual([{ reason: 'refund', delta: 5 }])
  })

  it('a batch with the review reserves every task\'s translation and review in one go', async () => {
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 100, key: `g:${user.id}` })
    const form = new FormData()
    for (const name of ['a.srt', 'b.srt']) form.append('file', new Blob([srt()]), name)
    for (const target of ['ja', 'fr']) form.append('targetLanguage', target)
    for (const [key, value] of Object.entries({ service: 'deepseek', review: 'true' })) form.append(key, value)
    const body = await (await batchRoute(new NextRequest(`${BASE}/api/tasks/batch`, { method: 'POST', body: form, headers: auth }), ctx())).json()
    expect(body.data.tasks).toHaveLength(4)
    for (const task of body.data.tasks) expect(task).toMatchObject({ review: true, reviewCost: 5, cost: 15 })
    expect(await getBalance({ userId: user.id })).toBe(40)
  })

  it('refuses the review with another service, in the caller\'s language, and reserves nothing', async () => {
    Object.assign(process.env, { FEATURE_GOOGLE_TRANSLATION: 'true' })
    try {
      const { user, auth } = await makeUser()
      await grantPoints({ userId: user.id, amount: 100, key: `g:${user.id}` })
      const en = await create(auth, srt(), { review: 'true', service: 'google' })
      expect(en).toMatchObject({ code: 40000, msg: 'the review pass is available with DeepSeek only' })
      const zh = await create({ ...auth, 'x-locale': 'zh-CN' }, srt(), { review: 'true', service: 'google' })
      expect(zh.msg).toBe('只有 DeepSeek 提供校对')
      expect(await getBalance({ userId: user.id })).toBe(100)
    } finally {
      delete process.env.FEATURE_GOOGLE_TRANSLATION
    }
  })
})

describe('the review pass over lines from the translation memory', () => {
  // A first task (no review) fills the creator's memory with every line of the file.
  async function remembered(auth: Record<string, string>, body: string) {
    const first = await create(auth, body, {})
    expect(await runTask({ taskId: first.data.id, ...PIPELINE })).toBe('completed')
    fake.resetStats()
  }

  it('reviews lines that all come from memory: the review request is sent, corrections kept, the price charged once', async () => {
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 100, key: `g:${user.id}` })
    await remembered(auth, srt())
    const created = await create(auth, srt(), { review: 'true' })
    const taskId = created.data.id as string
    expect(await runTask({ taskId, ...PIPELINE })).toBe('completed')
    // No line needed translating, but every line was shown to the reviewer.
    expect(fake.stats.counters.reviewRequests).toBeGreaterThanOrEqual(1)
    expect(fake.stats.counters.reviewLines).toBe(12)
    expect(fake.stats.counters.lines).toBe(12)
    const task = await segmentsOf(auth, taskId)
    expect(task.reviewIncomplete).toBe(false)
    for (const segment of task.segments) {
      const first = `[ja] ${lineText(segment.id)}`
      if (MARKED.has(segment.id)) expect(segment).toMatchObject({ translatedText: `${first} (reviewed)`, translatedBy: 'deepseek', firstTranslation: first })
      else expect(segment).toMatchObject({ translatedText: first, translatedBy: 'memory', firstTranslation: null })
    }
    // 10 for the first task, 15 for this one; nothing refunded: the review was done.
    expect(await getBalance({ userId: user.id })).toBe(75)
    expect((await ledger(user.id)).filter((e) => e.reason === 'refund')).toEqual([])
  })

  it('reviews the memory\'s lines and the provider\'s alike when only some come from memory', async () => {
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 100, key: `g:${user.id}` })
    // The memory holds lines 1-6 only.
    await remembered(auth, buildSrt(6, { text: (i) => lineText(i) }))
    const created = await create(auth, srt(), { review: 'true' })
    expect(await runTask({ taskId: created.data.id, ...PIPELINE })).toBe('completed')
    expect(fake.stats.counters.reviewLines).toBe(12)
    const task = await segmentsOf(auth, created.data.id)
    expect(task.reviewIncomplete).toBe(false)
    expect(task.segments.find((s) => s.id === 4)).toMatchObject({ translatedText: `[ja] ${lineText(4)} (reviewed)`, firstTranslation: `[ja] ${lineText(4)}` })
    expect(task.segments.find((s) => s.id === 9)).toMatchObject({ translatedText: `[ja] ${lineText(9)} (reviewed)`, firstTranslation: `[ja] ${lineText(9)}` })
  })

  it('a memory line the reviewer cannot review refunds the review price through the ledger, exactly once, and the task says so', async () => {
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 100, key: `g:${user.id}` })
    const body = srt((i) => (i === 2 ? ` ${DEEPSEEK_REVIEW_BOGUS}` : ''))
    await remembered(auth, body)
    const created = await create(auth, body, { review: 'true' })
    const taskId = created.data.id as string
    expect(await runTask({ taskId, ...PIPELINE })).toBe('completed')
    expect(fake.stats.counters.reviewRequests).toBeGreaterThanOrEqual(1)
    expect((await segmentsOf(auth, taskId)).reviewIncomplete).toBe(true)
    // 10 + 15 charged, the review's 5 given back.
    expect(await getBalance({ userId: user.id })).toBe(80)
    await completeTask({ taskId, startedAt: new Date() })
    expect(await getBalance({ userId: user.id })).toBe(80)
    expect((await ledger(user.id)).filter((e) => e.reason === 'refund')).toEqual([{ reason: 'refund', delta: 5 }])
  })
})

describe('review this segment (editor)', () => {
  it('corrects a marked segment and keeps its first version; an unmarked one is answered uncorrected; no points are charged', async () => {
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 100, key: `g:${user.id}` })
    const created = await create(auth, srt(), {})
    const taskId = created.data.id as string
    expect(await runTask({ taskId, ...PIPELINE })).toBe('completed')
    expect(await getBalance({ userId: user.id })).toBe(90)

    const review = async (segmentId: number) => (await reviewRoute(jsonRequest('POST', `/api/tasks/${taskId}/segments/${segmentId}/review`, auth), ctx({ id: taskId, segmentId: String(segmentId) }))).json()
    const fixed = await review(4)
    expect(fixed.data).toEqual({
      corrected: true,
      segment: expect.objectContaining({ id: 4, translatedText: `[ja] ${lineText(4)} (reviewed)`, firstTranslation: `[ja] ${lineText(4)}`, translatedBy: 'deepseek' }),
    })
    // The request carried the line with its translation and its neighbours as context.
    const sent = fake.stats.log.at(-1)!.data as { lines: unknown[]; before: { id: number; translation?: string }[]; after: { id: number }[] }
    expect(sent.lines).toEqual([{ id: 4, text: lineText(4), translation: `[ja] ${lineText(4)}` }])
    expect(sent.before.map((c) => c.id)).toEqual([1, 2, 3])
    expect(sent.before.every((c) => typeof c.translation === 'string')).toBe(true)
    expect(sent.after.map((c) => c.id)).toEqual([5, 6, 7])

    // Reviewed again: the first version stays the very first one.
    const again = await review(4)
    expect(again.data.segment).toMatchObject({ translatedText: `[ja] ${lineText(4)} (reviewed) (reviewed)`, firstTranslation: `[ja] ${lineText(4)}` })

    const clean = await review(5)
    expect(clean.data).toEqual({ corrected: false, segment: expect.objectContaining({ id: 5, translatedText: `[ja] ${lineText(5)}`, firstTranslation: null }) })
    expect(await getBalance({ userId: user.id })).toBe(90)

    // A retranslation is a fresh translation: the review's first version no longer applies.
    const res = await retranslateRoute(jsonRequest('POST', `/api/tasks/${taskId}/segments/4/retranslate`, auth), ctx({ id: taskId, segmentId: '4' }))
    expect((await res.json()).data).toMatchObject({ id: 4, translatedText: `[ja] ${lineText(4)}`, firstTranslation: null })
  })

  it('a line it corrects is what the memory gives the next task with the same line, corrected', async () => {
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 100, key: `g:${user.id}` })
    const first = await create(auth, srt(), {})
    expect(await runTask({ taskId: first.data.id, ...PIPELINE })).toBe('completed')
    const fixed = await (await reviewRoute(jsonRequest('POST', `/api/tasks/${first.data.id}/segments/4/review`, auth), ctx({ id: first.data.id, segmentId: '4' }))).json()
    expect(fixed.data.corrected).toBe(true)

    fake.resetStats()
    const next = await create(auth, srt(), {})
    expect(await runTask({ taskId: next.data.id, ...PIPELINE })).toBe('completed')
    // Every line came from the memory, the reviewed one as corrected.
    expect(fake.stats.counters.lines ?? 0).toBe(0)
    const segments = (await segmentsOf(auth, next.data.id)).segments
    expect(segments.find((s) => s.id === 4)).toMatchObject({ translatedText: `[ja] ${lineText(4)} (reviewed)`, translatedBy: 'memory' })
    expect(segments.find((s) => s.id === 9)).toMatchObject({ translatedText: `[ja] ${lineText(9)}`, translatedBy: 'memory' })
  })

  it('answers 40000 for a segment without a translation or a task of another service, 40400 for a missing segment', async () => {
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 100, key: `g:${user.id}` })
    const created = await create(auth, srt(), {})
    const taskId = created.data.id as string
    const review = async (segmentId: number) => (await reviewRoute(jsonRequest('POST', `/api/tasks/${taskId}/segments/${segmentId}/review`, auth), ctx({ id: taskId, segmentId: String(segmentId) }))).json()
    // Still translating (no worker ran).
    expect(await review(1)).toMatchObject({ code: 40900 })
    await db.task.update({ where: { id: taskId }, data: { status: 'completed' } })
    expect(await review(1)).toMatchObject({ code: 40000, msg: 'this segment has no translation to review yet' })
    expect(await review(99)).toMatchObject({ code: 40400 })
    await db.task.update({ where: { id: taskId }, data: { translationService: 'google' } })
    expect(await review(1)).toMatchObject({ code: 40000, msg: 'the review pass is available with DeepSeek only' })
  })
})

describe('the free per-segment calls count what they send', () => {
  // A 1-character cue between 2,000-character neighbours.
  const LONG = (i: number) => `${String(i).repeat(5)} ${'word '.repeat(400)}`.slice(0, 2000)
  const text = (i: number) => (i === 4 ? 'a' : LONG(i))
  // Every character of the request's texts, as the fake received it.
  const sentChars = () => {
    const sent = fake.stats.log.at(-1)!.data as { lines: { text: string; translation?: string }[]; before: { text: string; translation?: string }[]; after: { text: string; translation?: string }[]; glossary: { term: string; translation: string }[] }
    const of = (l: { text: string; translation?: string }) => l.text.length + (l.translation?.length ?? 0)
    return [...sent.lines, ...sent.before, ...sent.after].reduce((sum, l) => sum + of(l), 0) + sent.glossary.reduce((sum, g) => sum + g.term.length + g.translation.length, 0)
  }
  const spent = async (userId: string) => (await db.rateLimit.findFirst({ where: { key: { startsWith: `translate-chars:${userId}:` } } }))?.count ?? 0

  it('reviewing or retranslating a 1-character cue sends its neighbours clipped and counts every character sent', async () => {
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 10_000, key: `g:${user.id}` })
    const created = await create(auth, buildSrt(7, { text }), {})
    expect(created).toMatchObject({ code: 20000 })
    const taskId = created.data.id as string
    expect(await runTask({ taskId, ...PIPELINE })).toBe('completed')

    const reviewed = await (await reviewRoute(jsonRequest('POST', `/api/tasks/${taskId}/segments/4/review`, auth), ctx({ id: taskId, segmentId: '4' }))).json()
    expect(reviewed.code).toBe(20000)
    const reviewSent = sentChars()
    // Three neighbours a side, each clipped: a few thousand characters, not ~19,000.
    expect(reviewSent).toBeLessThanOrEqual(3_000)
    expect(await spent(user.id)).toBeGreaterThanOrEqual(reviewSent)

    const before = await spent(user.id)
    const retranslated = await (await retranslateRoute(jsonRequest('POST', `/api/tasks/${taskId}/segments/4/retranslate`, auth), ctx({ id: taskId, segmentId: '4' }))).json()
    expect(retranslated.code).toBe(20000)
    const retranslateSent = sentChars()
    expect(retranslateSent).toBeLessThanOrEqual(3_000)
    expect((await spent(user.id)) - before).toBeGreaterThanOrEqual(retranslateSent)
  })
})
