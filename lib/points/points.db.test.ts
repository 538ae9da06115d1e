import { describe, expect, it } from 'vitest'
import { db } from '@/lib/db'
import { POST as decrPoint } from '@/app/api/user/decr_point/route'
import { POST as getPoint } from '@/app/api/user/get_point/route'
import { ctx, jsonRequest, makeUser } from '@/test/route-harness'
import { captureTaskPoints, getBalance, grantPoints, releaseTaskPoints, reserveTaskPoints, reserveTaskRetryPoints, ReservationError, settleTaskPoints, spendPoints } from './index'

const DAY = 24 * 60 * 60 * 1000

describe('points ledger', () => {
  it('grants a lot that expires one year later, once per key', async () => {
    const { user } = await makeUser()
    const now = new Date('2026-03-01T10:00:00Z')
    const first = await grantPoints({ userId: user.id, amount: 300, key: 'order:1:grant', source: 'purchase', reason: 'test', now })
    expect(first).toMatchObject({ balance: 300, isDuplicate: false })
    const again = await grantPoints({ userId: user.id, amount: 300, key: 'order:1:grant', source: 'purchase', now })
    expect(again).toMatchObject({ balance: 300, isDuplicate: true })
    const lots = await db.pointLot.findMany({ where: { userId: user.id } })
    expect(lots).toHaveLength(1)
    expect(lots[0].expiresAt.toISOString()).toBe('2027-03-01T10:00:00.000Z')
    expect(await getBalance({ userId: user.id, now: new Date('2027-03-01T09:59:59Z') })).toBe(300)
    expect(await getBalance({ userId: user.id, now: new Date('2027-03-01T10:00:00Z') })).toBe(0)
  })

  it('counts only unexpired lots and spends the soonest-expiring first', async () => {
    const { user } = await makeUser()
    const now = new Date()
    await grantPoints({ userId: user.id, amount: 100, key: `late:${user.id}`, expiresAt: new Date(now.getTime() + 300 * DAY) })
    await grantPoints({ userId: user.id, amount: 50, key: `soon:${user.id}`, expiresAt: new Date(now.getTime() + 10 * DAY) })
    await grantPoints({ userId: user.id, amount: 70, key: `gone:${user.id}`, expiresAt: new Date(now.getTime() - DAY) })
    expect(await getBalance({ userId: user.id })).toBe(150)
    await spendPoints({ userId: user.id, amount: 60, key: `spend:${user.id}` })
    const lots = await db.pointLot.findMany({ where: { userId: user.id }, orderBy: { expiresAt: 'asc' } })
    expect(lots.map((l) => l.remaining)).toEqual([70, 0, 90]) // expired untouched, soon emptied, late -10
    await expect(spendPoints({ userId: user.id, amount: 91, key: `too-much:${user.id}` })).rejects.toMatchObject({ code: 'insufficient_points' })
    expect(await getBalance({ userId: user.id })).toBe(90)
  })

  it('never goes below zero under 50 concurrent spends', async () => {
    const { user } = await makeUser()
    await grantPoints({ userId: user.id, amount: 100, key: `g:${user.id}` })
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => spendPoints({ userId: user.id, amount: 10, key: `s:${user.id}:${i}` })))
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10)
    expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason.code === 'insufficient_points')).toBe(true)
    expect(await getBalance({ userId: user.id })).toBe(0)
    const entries = await db.pointEntry.aggregate({ where: { userId: user.id }, _sum: { delta: true } })
    expect(entries._sum.delta).toBe(0)
  })

  it('reserves, captures once, and releases back to the same lots', async () => {
    const { user } = await makeUser()
    await grantPoints({ userId: user.id, amount: 100, key: `g:${user.id}` })
    await reserveTaskPoints({ userId: user.id, taskId: 't1', amount: 40 })
    await reserveTaskPoints({ userId: user.id, taskId: 't1', amount: 40 }) // idempotent
    expect(await getBalance({ userId: user.id })).toBe(60)
    expect(await captureTaskPoints({ taskId: 't1' })).toEqual({ amount: 40, isDuplicate: false })
    expect(await captureTaskPoints({ taskId: 't1' })).toEqual({ amount: 40, isDuplicate: true })
    expect(await releaseTaskPoints({ taskId: 't1' })).toEqual({ released: 0 }) // captured: nothing to give back
    expect(await getBalance({ userId: user.id })).toBe(60)

    await reserveTaskPoints({ userId: user.id, taskId: 't2', amount: 60 })
    expect(await getBalance({ userId: user.id })).toBe(0)
    expect(await releaseTaskPoints({ taskId: 't2' })).toEqual({ released: 60 })
    expect(await releaseTaskPoints({ taskId: 't2' })).toEqual({ released: 0 })
    expect(await getBalance({ userId: user.id })).toBe(60)
    await expect(captureTaskPoints({ taskId: 't2' })).rejects.toBeInstanceOf(ReservationError)
    await expect(reserveTaskPoints({ userId: user.id, taskId: 't3', amount: 61 })).rejects.toMatchObject({ code: 'insufficient_points' })
    expect(await db.pointEntry.count({ where: { taskId: 't3' } })).toBe(0)
  })
})

describe('get_point and decr_point', () => {
  it('answers the balance and spends only positive whole amounts within it', async () => {
    const { user, auth } = await makeUser()
    await grantPoints({ userId: user.id, amount: 50, key: `g:${user.id}` })
    const balance = await (await getPoint(jsonRequest('POST', '/api/user/get_point', auth), ctx())).json()
    expect(balance).toEqual({ code: 20000, msg: 'ok', data: { point: 50 } })

    for (const points of [0, -5, 1.5, '3', null]) {
      const res = await decrPoint(jsonRequest('POST', '/api/user/decr_point', auth, { points }), ctx())
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ code: 40000, msg: 'points must be a positive whole number' })
    }
    const tooMuch = await decrPoint(jsonRequest('POST', '/api/user/decr_point', auth, { points: 51 }), ctx())
    expect(await tooMuch.json()).toMatchObject({ code: 40200 })

    const body = { points: 20, idempotencyKey: 'abc' }
    const first = await (await decrPoint(jsonRequest('POST', '/api/user/decr_point', auth, body), ctx())).json()
    const again = await (await decrPoint(jsonRequest('POST', '/api/user/decr_point', auth, body), ctx())).json()
    expect(first.data).toEqual({ point: 30 })
    expect(again.data).toEqual({ point: 30 })
    expect(await getBalance({ userId: user.id })).toBe(30)
  })

  it('refuses callers without a session', async () => {
    const res = await getPoint(jsonRequest('POST', '/api/user/get_point', { 'x-locale': 'en-US' }), ctx())
    expect(res.status).toBe(401)
  })

  it('settles an unfinished task once: keeps the charge for its work on the soonest-expiring lot, releases the rest, and a retry reserves only the rest', async () => {
    const { user } = await makeUser()
    const now = new Date()
    await grantPoints({ userId: user.id, amount: 30, key: `soon:${user.id}`, expiresAt: new Date(now.getTime() + 10 * DAY) })
    await grantPoints({ userId: user.id, amount: 100, key: `late:${user.id}`, expiresAt: new Date(now.getTime() + 300 * DAY) })
    const taskId = `settle:${user.id}`
    await reserveTaskPoints({ userId: user.id, taskId, amount: 60 })
    // Settled twice at once (a delete racing a failure): one release, of 60 - 20.
    const settled = await Promise.all([settleTaskPoints({ taskId, charge: 20 }), settleTaskPoints({ taskId, charge: 20 })])
    expect(settled.sort((a, b) => b.released - a.released)).toEqual([{ kept: 20, released: 40 }, { kept: 0, released: 0 }])
    expect(await getBalance({ userId: user.id })).toBe(110)
    const lots = await db.pointLot.findMany({ where: { userId: user.id }, orderBy: { expiresAt: 'asc' } })
    expect(lots.map((l) => l.remaining)).toEqual([10, 100])
    expect(await releaseTaskPoints({ taskId })).toEqual({ released: 0 })
    await expect(captureTaskPoints({ taskId })).rejects.toBeInstanceOf(ReservationError)

    // The retry reserves the price less what the failure kept; its own failure keeps only what is still due.
    await reserveTaskRetryPoints({ userId: user.id, taskId, amount: 60 })
    expect(await getBalance({ userId: user.id })).toBe(70)
    expect(await settleTaskPoints({ taskId, charge: 50 })).toEqual({ kept: 30, released: 10 })
    await reserveTaskRetryPoints({ userId: user.id, taskId, amount: 60 })
    expect(await captureTaskPoints({ taskId })).toEqual({ amount: 10, isDuplicate: false })
    expect(await getBalance({ userId: user.id })).toBe(130 - 60)
    // A charge above the reservation keeps the reservation, never more.
    await reserveTaskPoints({ userId: user.id, taskId: `${taskId}:b`, amount: 10 })
    expect(await settleTaskPoints({ taskId: `${taskId}:b`, charge: 500 })).toEqual({ kept: 10, released: 0 })
    expect(await getBalance({ userId: user.id })).toBe(60)
  })
})
