// Work costs what it is: files with no duration, packed cues or huge cues are billed for the time
// their text takes to read (lib/pricing/cost.ts), and a cue past the cap is refused.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { db } from '@/lib/db'
import { stopBoss } from '@/lib/jobs'
import { getBalance, grantPoints } from '@/lib/points'
import { POST as createRoute } from '@/app/api/tasks/route'
import { POST as estimateRoute } from '@/app/api/tasks/estimate/route'
import { buildSrt, ctx, makeUser, multipart } from '@/test/route-harness'

const storageDir = mkdtempSync(path.join(tmpdir(), 'ss-billing-'))
Object.assign(process.env, { STORAGE_DIR: storageDir, DEEPSEEK_API_KEY: 'sk-unused' })

afterAll(async () => {
  await stopBoss()
  rmSync(storageDir, { recursive: true, force: true })
})

const FIELDS = { targetLanguage: 'ja', service: 'deepseek', sourceLanguage: 'auto' }

async function estimate(auth: Record<string, string>, body: string) {
  return (await estimateRoute(multipart('/api/tasks/estimate', auth, { name: 'a.srt', body }), ctx())).json()
}

async function create(auth: Record<string, string>, body: string) {
  const res = await createRoute(multipart('/api/tasks', auth, { name: 'a.srt', body }, FIELDS), ctx())
  return { status: res.status, body: await res.json() }
}

const zeroCues = (count: number, text: string) =>
  Array.from({ length: count }, (_, i) => `${i + 1}\n00:00:00,000 --> 00:00:00,000\n${text}\n`).join('\n')

describe('billing by duration or reading time', () => {
  it('charges real subtitles by their duration and says so', async () => {
    const { auth } = await makeUser()
    // 100 cues of 2.5 s each end at 4:09.5 → 5 started minutes.
    const body = await estimate(auth, buildSrt(100))
    expect(body.data).toMatchObject({ segments: 100, durationMs: 249_500, pricedBy: 'duration', cost: 50 })
    expect(body.data.readingMs).toBeLessThan(body.data.durationMs)
  })

  it('never translates zero-duration cues for free: a user with no points is refused', async () => {
    const { user, auth } = await makeUser()
    const file = zeroCues(50, 'All of these cues start and end at zero.')
    const est = await estimate(auth, file)
    expect(est.data).toMatchObject({ durationMs: 0, pricedBy: 'reading', cost: 20 }) // 50 × 40 chars / 17 = 117.6 s
    const refused = await create(auth, file)
    expect(refused).toMatchObject({ status: 402, body: { code: 40200 } })
    expect(await db.task.count({ where: { userId: user.id } })).toBe(0)
    await grantPoints({ userId: user.id, amount: 25, key: `g:${user.id}` })
    const made = await create(auth, file)
    expect(made.body.data.cost).toBe(20)
    expect(await getBalance({ userId: user.id })).toBe(5)
  })

  it('bills 20,000 cues inside 59 seconds for their reading time', async () => {
    const { auth } = await makeUser()
    const blocks: string[] = []
    for (let i = 0; i < 20_000; i++) {
      const ms = Math.floor((i * 59_000) / 20_000)
      const t = (v: number) => `00:00:${String(Math.floor(v / 1000)).padStart(2, '0')},${String(v % 1000).padStart(3, '0')}`
      blocks.push(`${i + 1}\n${t(ms)} --> ${t(ms + 1)}\nSpoken line number ${i + 1}.\n`)
    }
    const body = await estimate(auth, blocks.join('\n'))
    expect(body.data.durationMs).toBeLessThan(60_000)
    expect(body.data.pricedBy).toBe('reading')
    expect(body.data.cost).toBe(Math.ceil(body.data.readingMs / 60_000) * 10)
    expect(body.data.cost).toBeGreaterThan(3000) // ≈ 26 characters × 20,000 / 17 per s ≈ 510 min
  })

  it('bills CJK text at the slower reading speed', async () => {
    const { auth } = await makeUser()
    const file = zeroCues(10, '这是一条很长的中文字幕，用来测试阅读速度。'.repeat(5)) // 105 characters each
    const body = await estimate(auth, file)
    // 1050 CJK characters / 9 per s = 116.7 s → 2 minutes (the same count of Latin letters would be 1).
    expect(body.data).toMatchObject({ pricedBy: 'reading', cost: 20 })
  })

  it('refuses a cue longer than 2,000 characters with a message naming it, in every language', async () => {
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 10_000, key: `g:${user.id}` })
    const file = `1\n00:00:01,000 --> 00:00:02,000\nfine\n\n2\n00:00:03,000 --> 00:00:04,000\n${'x'.repeat(4_000_000)}\n`
    const res = await create(auth, file)
    expect(res).toEqual({ status: 400, body: { code: 40000, msg: 'cue 2 is longer than 2000 characters, please split it into shorter cues', data: null } })
    expect(await getBalance({ userId: user.id })).toBe(10_000)
    const zh = await (await estimateRoute(multipart('/api/tasks/estimate', { ...auth, 'x-locale': 'zh-CN' }, { name: 'a.srt', body: file }), ctx())).json()
    expect(zh.msg).toBe('第 2 条字幕超过 2000 个字符，请拆分成更短的字幕')
    // Exactly at the cap is accepted.
    const atCap = await estimate(auth, `1\n00:00:01,000 --> 00:00:02,000\n${'y'.repeat(2000)}\n`)
    expect(atCap.data).toMatchObject({ pricedBy: 'reading', cost: 20 })
  })
})
