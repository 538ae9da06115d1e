import { beforeAll, describe, expect, it } from 'vitest'
import { POST as adjustRoute } from '@/app/api/user/adjust_points/route'
import { POST as allUsers } from '@/app/api/user/all_users/route'
import { POST as detailRoute } from '@/app/api/user/detail/route'
import { POST as updateRoute } from '@/app/api/user/update_user/route'
import { createSession } from '@/lib/auth/sessions'
import { db } from '@/lib/db'
import { getBalance, grantPoints, reserveTaskPoints } from '@/lib/points'
import { bearer, call, type Answer } from '@/test/route-harness'

type Handler = Parameters<typeof call>[0]
const post = (handler: Handler, url: string, body: unknown, token: string): Promise<Answer> => call(handler, url, { body, headers: bearer(token) })
const adjust = (body: Record<string, unknown>, token = manager.token) => post(adjustRoute, '/api/user/adjust_points', body, token)
const detail = (body: Record<string, unknown>, token = manager.token) => post(detailRoute, '/api/user/detail', body, token)
const update = (body: Record<string, unknown>, token = manager.token) => post(updateRoute, '/api/user/update_user', body, token)

let manager: { id: string; token: string }
let member: { id: string; token: string }
let keys = 0
const key = () => `k-${Date.now()}-${keys++}`

async function makeAccount(name: string, isAdmin = false) {
  const user = await db.user.create({ data: { email: `${name.toLowerCase()}-${Math.random().toString(36).slice(2)}@example.com`, name, isAdmin } })
  return { id: user.id, token: await createSession({ userId: user.id }) }
}

/** The ledger's own view of a user: the sum of the entries, and the balance of the lots. */
async function ledger(userId: string) {
  const sum = await db.pointEntry.aggregate({ where: { userId }, _sum: { delta: true }, _count: true })
  return { entries: sum._count, sum: sum._sum.delta ?? 0, balance: await getBalance({ userId }) }
}

beforeAll(async () => {
  manager = await makeAccount('Boss', true)
  member = await makeAccount('Member')
})

describe('manager user detail', () => {
  it('refuses non-managers with 40300 on every call and changes nothing', async () => {
    await grantPoints({ userId: member.id, amount: 10, key: `seed:${member.id}` })
    const before = await ledger(member.id)
    for (const answer of [
      await detail({ id: member.id }, member.token),
      await update({ id: member.id, name: 'Hacker', admin: true }, member.token),
      await adjust({ id: member.id, points: 500, direction: 'grant', reason: 'self-service', idempotencyKey: key() }, member.token),
    ]) {
      expect([answer.status, answer.code, answer.msg]).toEqual([403, 40300, 'Only administrators can access this feature'])
    }
    expect(await db.user.findUniqueOrThrow({ where: { id: member.id } })).toMatchObject({ name: 'Member', isAdmin: false })
    expect(await ledger(member.id)).toEqual(before)
  })

  it('shows the balance, lots with expiry, orders and the newest ledger entries first', async () => {
    const target = await makeAccount('Viewer')
    await db.product.upsert({ where: { id: 9101 }, update: {}, create: { id: 9101, points: 1000, originalPrice: '10.00', dollarPrice: '1.50' } })
    await db.order.create({ data: { orderId: `o-${target.id}`, userId: target.id, productId: 9101, points: 1000, status: 'paid', channel: 'alipay', price: '10.00', currency: 'CNY' } })
    const bought = new Date(Date.now() - 24 * 60 * 60 * 1000)
    await grantPoints({ userId: target.id, amount: 1000, key: `order:o-${target.id}`, source: 'purchase', orderId: `o-${target.id}`, now: bought })
    await grantPoints({ userId: target.id, amount: 70, key: `old:${target.id}`, expiresAt: new Date(Date.now() - 1000) })
    await reserveTaskPoints({ userId: target.id, taskId: `t-${target.id}`, amount: 30 })

    const answer = await detail({ id: target.id })
    expect(answer.code).toBe(20000)
    const data = answer.data
    expect(data.user).toMatchObject({ id: target.id, name: 'Viewer', admin: false })
    expect(data.balance).toBe(970)
    expect(data.lotCount).toBe(2)
    const purchase = data.lots.find((lot: { source: string }) => lot.source === 'purchase')
    expect(purchase).toMatchObject({ granted: 1000, remaining: 970, orderId: `o-${target.id}`, isExpired: false })
    expect(new Date(purchase.expiresAt).getUTCFullYear()).toBe(bought.getUTCFullYear() + 1)
    expect(data.lots.find((lot: { source: string }) => lot.source === 'grant')).toMatchObject({ granted: 70, remaining: 70, isExpired: true })
    expect(data.orders).toEqual([
      { orderId: `o-${target.id}`, status: 2, channel: 1, price: '10.00', currency: 'CNY', createTime: expect.any(String), productId: 9101, points: 1000 },
    ])
    expect(data.orderCount).toBe(1)
    expect(data.nextExpiry).toEqual({ points: 970, expiresAt: purchase.expiresAt }) // the expired lot is not next
    // Lots expiring within a day of the soonest are counted together, up to the last of them.
    const later = new Date(new Date(purchase.expiresAt).getTime() + 60 * 60 * 1000)
    await grantPoints({ userId: target.id, amount: 5, key: `same-day:${target.id}`, expiresAt: later })
    await grantPoints({ userId: target.id, amount: 7, key: `next-month:${target.id}`, expiresAt: new Date(later.getTime() + 30 * 24 * 60 * 60 * 1000) })
    expect((await detail({ id: target.id })).data.nextExpiry).toEqual({ points: 975, expiresAt: later.toISOString() })
    expect(data.entries.map((e: { reason: string; delta: number }) => [e.reason, e.delta])).toEqual([['reserve', -30], ['grant', 70], ['purchase', 1000]])
    expect(data.entries[0].taskId).toBe(`t-${target.id}`)
    expect(data.entryCount).toBe(3)

    const capped = await detail({ id: target.id, entries: 1 })
    expect([capped.data.entries.length, capped.data.entryCount]).toEqual([1, 5])
    expect(capped.data.entries[0]).toEqual((await detail({ id: target.id })).data.entries[0])
    expect(capped.data.entries[0].lotId).toBeUndefined() // only what the table shows
    expect(JSON.stringify(data)).not.toMatch(/passwordHash|idempotencyKey/)

    const nobody = await detail({ id: 'nobody-here' })
    expect([nobody.status, nobody.code, nobody.msg]).toEqual([404, 40400, 'user does not exist'])
    for (const body of [{}, { id: '../x' }, { id: target.id, entries: 0 }, { id: target.id, entries: 501 }]) {
      expect((await detail(body)).code, JSON.stringify(body)).toBe(40000)
    }
  })

  it('grants and deducts through the ledger with the reason; the balance is the sum of the entries', async () => {
    const target = await makeAccount('Adjusted')
    const granted = await adjust({ id: target.id, points: 500, direction: 'grant', reason: '  support ticket 42 ', idempotencyKey: key() })
    expect(granted.data).toEqual({ point: 500, isDuplicate: false })
    const deducted = await adjust({ id: target.id, points: 120, direction: 'deduct', reason: 'refund of a double grant', idempotencyKey: key() })
    expect(deducted.data).toEqual({ point: 380, isDuplicate: false })

    const entries = await db.pointEntry.findMany({ where: { userId: target.id }, orderBy: { createdAt: 'asc' } })
    expect(entries.map((e) => [e.reason, e.delta, e.note])).toEqual([
      ['grant', 500, 'support ticket 42'],
      ['spend', -120, 'refund of a double grant'],
    ])
    const [lot] = await db.pointLot.findMany({ where: { userId: target.id } })
    expect(lot).toMatchObject({ source: 'grant', granted: 500, remaining: 380 })
    expect(lot.expiresAt.getTime()).toBeGreaterThan(Date.now() + 360 * 24 * 60 * 60 * 1000)
    expect(await ledger(target.id)).toEqual({ entries: 2, sum: 380, balance: 380 })

    const seen = await detail({ id: target.id })
    expect(seen.data.balance).toBe(380)
    expect(seen.data.entries.map((e: { note: string }) => e.note)).toEqual(['refund of a double grant', 'support ticket 42'])
  })

  it('applies a replayed idempotency key once, in a row and at once', async () => {
    const target = await makeAccount('Replayed')
    const grant = { id: target.id, points: 100, direction: 'grant', reason: 'welcome', idempotencyKey: key() }
    const answers = [await adjust(grant), await adjust(grant), ...(await Promise.all(Array.from({ length: 10 }, () => adjust(grant))))]
    expect(answers.every((a) => a.code === 20000 && a.data.point === 100)).toBe(true)
    expect(answers.filter((a) => !a.data.isDuplicate)).toHaveLength(1)

    const deduct = { id: target.id, points: 30, direction: 'deduct', reason: 'correction', idempotencyKey: key() }
    await Promise.all(Array.from({ length: 10 }, () => adjust(deduct)))
    expect(await ledger(target.id)).toEqual({ entries: 2, sum: 70, balance: 70 })

    // The same key with another amount or direction is a different request: refused, not applied.
    for (const changed of [{ ...grant, points: 200 }, { ...grant, direction: 'deduct' }]) {
      const answer = await adjust(changed)
      expect([answer.status, answer.code]).toEqual([409, 40900])
    }
    // A key is scoped to its user: the same key for someone else is their own grant.
    const other = await makeAccount('Other')
    expect((await adjust({ ...grant, id: other.id })).data).toEqual({ point: 100, isDuplicate: false })
    expect(await ledger(target.id)).toEqual({ entries: 2, sum: 70, balance: 70 })
  })

  it('refuses a deduction beyond the balance with 40200 and changes nothing', async () => {
    const target = await makeAccount('Short')
    await adjust({ id: target.id, points: 50, direction: 'grant', reason: 'trial', idempotencyKey: key() })
    const lotsBefore = await db.pointLot.findMany({ where: { userId: target.id } })
    const answer = await adjust({ id: target.id, points: 51, direction: 'deduct', reason: 'too much', idempotencyKey: key() })
    expect([answer.status, answer.code, answer.msg]).toEqual([402, 40200, 'Insufficient points'])
    expect(await ledger(target.id)).toEqual({ entries: 1, sum: 50, balance: 50 })
    expect(await db.pointLot.findMany({ where: { userId: target.id } })).toEqual(lotsBefore)
    const nobody = await adjust({ id: 'nobody-here', points: 1, direction: 'grant', reason: 'x', idempotencyKey: key() })
    expect([nobody.code, nobody.msg]).toEqual([40400, 'user does not exist'])
  })

  it('validates the adjustment with localized messages', async () => {
    const base = { id: member.id, points: 10, direction: 'grant', reason: 'ok', idempotencyKey: 'abc' }
    const before = await ledger(member.id)
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, points: 0 }, 'points must be a positive whole number'],
      [{ ...base, points: -5 }, 'points must be a positive whole number'],
      [{ ...base, points: 1.5 }, 'points must be a positive whole number'],
      [{ ...base, points: '10' }, 'points must be a positive whole number'],
      [{ ...base, points: 2_000_000_000 }, 'points must be a positive whole number'],
      [{ ...base, direction: 'steal' }, 'please choose grant or deduct'],
      [{ ...base, reason: undefined }, 'please enter a reason'],
      [{ ...base, reason: '   ' }, 'please enter a reason'],
      [{ ...base, reason: 'r'.repeat(201) }, 'reason must be at most 200 characters'],
      [{ ...base, reason: 'a\u0000b' }, 'reason contains characters that are not allowed'],
      [{ ...base, idempotencyKey: undefined }, 'the request is missing a valid idempotency key'],
      [{ ...base, idempotencyKey: 'a b' }, 'the request is missing a valid idempotency key'],
    ]
    for (const [body, msg] of cases) {
      const answer = await adjust(body)
      expect([answer.status, answer.code, answer.msg], JSON.stringify(body)).toEqual([400, 40000, msg])
    }
    // 200 characters counted as people see them: 200 emoji are fine.
    expect((await adjust({ ...base, reason: '🎁'.repeat(200), idempotencyKey: key() })).code).toBe(20000)
    expect((await ledger(member.id)).entries).toBe(before.entries + 1)
    const zh = await call(adjustRoute, '/api/user/adjust_points', { body: { ...base, reason: '' }, headers: { ...bearer(manager.token), 'x-locale': 'zh-CN' } })
    expect(zh.msg).toBe('请输入原因')
  })
})

describe('manager edits a user', () => {
  it('changes the name with the 2-20 rule and the role both ways', async () => {
    const target = await makeAccount('Editable')
    for (const [name, msg] of [['', 'please enter a name'], ['A', 'name must be 2 to 20 characters'], ['B'.repeat(21), 'name must be 2 to 20 characters'], ['x\u0007y', 'name contains characters that are not allowed']]) {
      const answer = await update({ id: target.id, name, admin: false })
      expect([answer.status, answer.code, answer.msg], name).toEqual([400, 40000, msg])
    }
    for (const admin of [undefined, 'true', 1]) expect((await update({ id: target.id, name: 'Valid', admin })).msg).toBe('please choose a role')
    expect((await db.user.findUniqueOrThrow({ where: { id: target.id } })).name).toBe('Editable')

    const promoted = await update({ id: target.id, name: '  新的名字 ', admin: true })
    expect(promoted.data).toMatchObject({ id: target.id, name: '新的名字', admin: true })
    expect((await post(allUsers, '/api/user/all_users', {}, target.token)).code).toBe(20000) // a manager now
    const demoted = await update({ id: target.id, name: '新的名字', admin: false })
    expect(demoted.data.admin).toBe(false)
    expect((await post(allUsers, '/api/user/all_users', {}, target.token)).code).toBe(40300) // at once
    expect((await update({ id: 'nobody-here', name: 'Ghost', admin: false })).code).toBe(40400)
  })

  it('never lets a manager remove their own manager role', async () => {
    const self = await update({ id: manager.id, name: 'Boss', admin: false })
    expect([self.status, self.code, self.msg]).toEqual([403, 40300, 'you cannot remove your own administrator role'])
    expect((await db.user.findUniqueOrThrow({ where: { id: manager.id } })).isAdmin).toBe(true)
    const renamed = await update({ id: manager.id, name: 'Big Boss', admin: true })
    expect(renamed.data).toMatchObject({ name: 'Big Boss', admin: true })
  })
})
