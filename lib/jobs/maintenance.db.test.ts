import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { deleteUser } from '@/lib/accounts/users'
import { db } from '@/lib/db'
import { getBalance, releaseTaskPoints } from '@/lib/points'
import { appStorage } from '@/lib/storage/app-storage'
import { makeUser } from '@/test/route-harness'
import { getBoss, stopBoss, TASK_QUEUE } from './boss'
import { MAX_RUNS, runMaintenance, STUCK_AFTER_MS } from './maintenance'
import { DELIVERY_RETENTION_MS } from '@/lib/webhooks'
import { taskOfNewUser } from '@/test/task-setup'

const storageDir = mkdtempSync(path.join(tmpdir(), 'ss-maint-'))
process.env.STORAGE_DIR = storageDir

afterAll(async () => {
  await stopBoss({ timeoutMs: 1000 })
  rmSync(storageDir, { recursive: true, force: true })
})

/** A task created with its points reserved but no job queued, as if its job had been lost. */
async function lostTask({ points = 100, runs = 0 } = {}) {
  const { user, taskId } = await taskOfNewUser({ points, fileName: 'lost.srt' })
  await db.task.update({ where: { id: taskId }, data: { submitTime: new Date(Date.now() - STUCK_AFTER_MS - 60_000), runs } })
  return { user, taskId }
}

const liveJobs = async (taskId: string) => (await (await getBoss()).findJobs<{ taskId: string }>(TASK_QUEUE, { data: { taskId } })).filter((j) => ['created', 'retry', 'active'].includes(j.state))

describe('stuck tasks', () => {
  it('queues a lost task again once, and leaves it alone while its new job lives', async () => {
    const { taskId } = await lostTask()
    const fresh = await lostTask()
    await db.task.update({ where: { id: fresh.taskId }, data: { submitTime: new Date() } })
    const report = await runMaintenance()
    expect(report.resumed).toBe(1)
    expect(await liveJobs(taskId)).toHaveLength(1)
    expect(await liveJobs(fresh.taskId)).toHaveLength(0)
    expect((await runMaintenance()).resumed).toBe(0)
    expect(await liveJobs(taskId)).toHaveLength(1)
  })

  it('fails a lost task that used its runs and gives its points back', async () => {
    const { user, taskId } = await lostTask({ runs: MAX_RUNS })
    expect(await getBalance({ userId: user.id })).toBe(90)
    const report = await runMaintenance()
    expect(report.failed).toBe(1)
    const task = await db.task.findUniqueOrThrow({ where: { id: taskId } })
    expect(task.status).toBe('failed')
    expect(await getBalance({ userId: user.id })).toBe(100)
  })
})

describe('refunds of expired points', () => {
  it('returns points whose lot expired while reserved in a refund lot valid 30 days', async () => {
    const { user, taskId } = await lostTask()
    const lot = await db.pointLot.findFirstOrThrow({ where: { userId: user.id } })
    const later = new Date(lot.expiresAt.getTime() + 3600_000)
    expect(await getBalance({ userId: user.id, now: later })).toBe(0)
    expect(await releaseTaskPoints({ taskId, now: later })).toEqual({ released: 10 })
    const refund = await db.pointLot.findFirstOrThrow({ where: { userId: user.id, source: 'refund' } })
    expect(refund.remaining).toBe(10)
    expect(refund.expiresAt.getTime()).toBe(later.getTime() + 30 * 24 * 3600_000)
    expect(await getBalance({ userId: user.id, now: later })).toBe(10)
    // The expired lot keeps what it had: nothing dead is revived.
    expect((await db.pointLot.findUniqueOrThrow({ where: { id: lot.id } })).remaining).toBe(90)
  })
})

describe('purges', () => {
  it('deletes expired sessions, old codes and finished rate-limit windows, and keeps live ones', async () => {
    const { user } = await makeUser()
    const past = new Date(Date.now() - 2 * 24 * 3600_000)
    const future = new Date(Date.now() + 3600_000)
    await db.session.create({ data: { id: 'expired-session', userId: user.id, expiresAt: past } })
    await db.verificationCode.create({ data: { email: 'old@example.com', purpose: 'signup', codeHash: 'x', expiresAt: past, sentAt: past } })
    await db.verificationCode.create({ data: { email: 'new@example.com', purpose: 'signup', codeHash: 'x', expiresAt: future, sentAt: new Date() } })
    await db.rateLimit.createMany({ data: [{ key: 'done', count: 3, resetAt: past }, { key: 'open', count: 1, resetAt: future }] })
    const report = await runMaintenance()
    expect(report.sessions).toBeGreaterThanOrEqual(1)
    expect(await db.session.count({ where: { id: 'expired-session' } })).toBe(0)
    expect(await db.session.count({ where: { userId: user.id } })).toBe(1)
    expect((await db.verificationCode.findMany()).map((c) => c.email)).toEqual(['new@example.com'])
    expect((await db.rateLimit.findMany({ where: { key: { in: ['done', 'open'] } } })).map((r) => r.key)).toEqual(['open'])
  })
})

describe('webhook deliveries', () => {
  it('deletes settled deliveries past the retention period and keeps newer ones and pending ones', async () => {
    const { user } = await makeUser()
    const endpoint = await db.webhookEndpoint.create({ data: { userId: user.id, url: 'https://hooks.example.com/in', events: ['task.completed'], secretSealed: 'sealed' } })
    const now = new Date()
    const old = new Date(now.getTime() - DELIVERY_RETENTION_MS - 3600_000)
    const recent = new Date(now.getTime() - DELIVERY_RETENTION_MS + 3600_000)
    const delivery = (id: string, status: string, createdAt: Date) => ({ id, endpointId: endpoint.id, event: 'task.completed', eventKey: `key-${id}`, body: '{}', status, createdAt })
    await db.webhookDelivery.createMany({
      data: [delivery('msg_old_ok', 'delivered', old), delivery('msg_old_failed', 'failed', old), delivery('msg_old_pending', 'pending', old), delivery('msg_recent_ok', 'delivered', recent)],
    })
    const report = await runMaintenance({ now })
    expect(report.webhookDeliveries).toBe(2)
    const left = await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id }, orderBy: { id: 'asc' } })
    expect(left.map((d) => d.id)).toEqual(['msg_old_pending', 'msg_recent_ok'])
    expect((await runMaintenance({ now })).webhookDeliveries).toBe(0)
  })
})

describe('deleting a user', () => {
  it('removes their translated files and avatar from storage', async () => {
    const { user } = await makeUser()
    const manager = await db.user.create({ data: { email: 'm@example.com', name: 'Manager', isAdmin: true } })
    const storage = appStorage()
    await storage.put(`translated-files/t1_${user.id}.srt`, 'one')
    await storage.put(`avatars/${user.id}/a.webp`, 'img')
    await storage.put('translated-files/someone-else.srt', 'keep')
    await db.task.create({
      data: { id: `t-${user.id}`, userId: user.id, fileName: 'a.srt', originalLanguage: 'en', detectedLanguage: 'en', targetLanguage: 'ja', translationService: 'deepseek', cost: 0, status: 'completed', storageKey: `translated-files/t1_${user.id}.srt` },
    })
    await db.user.update({ where: { id: user.id }, data: { picture: `/api/files/avatars/${user.id}/a.webp` } })
    await deleteUser({ id: user.id, actorId: manager.id })
    expect(await storage.get(`translated-files/t1_${user.id}.srt`)).toBeNull()
    expect(await storage.get(`avatars/${user.id}/a.webp`)).toBeNull()
    expect((await storage.get('translated-files/someone-else.srt'))?.toString()).toBe('keep')
  })
})
