import { describe, expect, it } from 'vitest'
import { POST as estimateRoute } from '@/app/api/tasks/estimate/route'
import { POST as createRoute } from '@/app/api/tasks/route'
import { db } from '@/lib/db'
import { grantPoints } from '@/lib/points'
import { UPLOAD_LIMITS } from './request-limits'
import { buildSrt, ctx, makeUser, multipart } from '@/test/route-harness'

// Client addresses come from X-Forwarded-For behind a trusted proxy only.
process.env.TRUST_PROXY = '1'
const CLIENT = '203.0.113.7'

const window = () => new Date(Date.now() + 60_000)
const estimate = (auth: Record<string, string>) => estimateRoute(multipart('/api/tasks/estimate', auth, { name: 'a.srt', body: buildSrt(3) }), ctx())
const create = (auth: Record<string, string>) => createRoute(multipart('/api/tasks', auth, { name: 'a.srt', body: buildSrt(3) }, { targetLanguage: 'ja', service: 'deepseek' }), ctx())

describe('estimates and creations are limited per user and per client address', () => {
  it('refuses the estimate past the user\'s limit with 42900, before parsing anything', async () => {
    const { user, auth } = await makeUser()
    expect((await estimate(auth)).status).toBe(200)
    await db.rateLimit.update({ where: { key: `estimate:user:${user.id}` }, data: { count: UPLOAD_LIMITS.estimate.perUser } })
    const refused = await estimate(auth)
    expect(refused.status).toBe(429)
    expect((await refused.json()).code).toBe(42900)
  })

  it('refuses every user of one client address past its limit, and no one elsewhere', async () => {
    const { auth } = await makeUser()
    const { auth: other } = await makeUser()
    await db.rateLimit.create({ data: { key: `estimate:ip:${CLIENT}`, count: UPLOAD_LIMITS.estimate.perClient, resetAt: window() } })
    expect((await estimate({ ...auth, 'x-forwarded-for': CLIENT })).status).toBe(429)
    expect((await estimate({ ...other, 'x-forwarded-for': CLIENT })).status).toBe(429)
    expect((await estimate({ ...other, 'x-forwarded-for': '198.51.100.2' })).status).toBe(200)
  })

  it('refuses task creations past the user\'s limit and stores nothing', async () => {
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 1000, key: `g:${user.id}` })
    await db.rateLimit.create({ data: { key: `create:user:${user.id}`, count: UPLOAD_LIMITS.create.perUser, resetAt: window() } })
    expect((await create(auth)).status).toBe(429)
    expect(await db.task.count({ where: { userId: user.id } })).toBe(0)
  })
})
