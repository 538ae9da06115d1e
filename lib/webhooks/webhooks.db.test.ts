// Signed webhooks through HTTP: endpoints registered with the browser's session, events delivered
// from the job queue to a receiver on the loopback address (listed in WEBHOOK_ALLOW_HOSTS).
import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { db } from '@/lib/db'
import { grantPoints } from '@/lib/points'
import { guardedPost } from '@/lib/webhooks/guarded-post'
import { apiClient, serveRoutes } from '@/test/route-server'
import { buildSrt, makeUser } from '@/test/route-harness'
import { deepSeekSetup, startTestWorkers } from '@/test/task-setup'

process.env.WEBHOOK_ALLOW_HOSTS = '127.0.0.1'
process.env.WEBHOOK_RETRY_BASE_MS = '200'
await deepSeekSetup('webhooks', { stopsBoss: true })
await startTestWorkers()
const server = await serveRoutes()
afterAll(() => server.close())

type Heard = { headers: IncomingHttpHeaders; body: string; at: number }

/** A receiver on 127.0.0.1 that answers each request with the next of `statuses` (the last one repeats). */
async function receiver(statuses: number[] = [200], extraHeaders: Record<string, string> = {}) {
  const heard: Heard[] = []
  const http = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      heard.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() })
      res.writeHead(statuses[Math.min(heard.length - 1, statuses.length - 1)], extraHeaders).end('ok')
    })
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())))
  return { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/hooks`, heard }
}

const api = apiClient(server.url)

/** How a receiver checks a delivery (docs/api.md, "Verifying a delivery (Node.js)"): HMAC-SHA256 of `id.timestamp.body`, keyed by the secret's decoded bytes, written here independently of lib/webhooks. */
function verifies(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const id = headers['webhook-id'] as string
  const timestamp = headers['webhook-timestamp'] as string
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false
  const expected = createHmac('sha256', Buffer.from(secret.replace(/^whsec_/, ''), 'base64')).update(`${id}.${timestamp}.${body}`).digest()
  return (headers['webhook-signature'] as string).split(' ').some((part) => {
    const [version, signature] = part.split(',')
    const given = Buffer.from(signature ?? '', 'base64')
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected)
  })
}

const until = async (check: () => boolean | Promise<boolean>, timeoutMs = 30_000) => {
  const end = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('webhooks', () => {
  it('a completed task delivers one signed event within 10 s that verifies with the secret', async () => {
    const { user, token } = await makeUser()
    await grantPoints({ userId: user.id, amount: 100, key: `g:${user.id}` })
    const hook = await receiver()
    const made = await api('/api/user/webhooks', { method: 'POST', auth: token, json: { url: hook.url, events: ['task.completed', 'task.failed'] } })
    expect(made.status).toBe(200)
    const { secret, endpoint } = made.data as { secret: string; endpoint: { id: string } }
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    expect(JSON.stringify((await api('/api/user/webhooks', { auth: token })).data)).not.toContain(secret.slice(6))

    const form = new FormData()
    form.append('file', new Blob([buildSrt(6)]), 'clip.srt')
    form.append('targetLanguage', 'ja')
    form.append('service', 'deepseek')
    const task = await api('/api/tasks', { method: 'POST', auth: token, form })
    const taskId = task.data.id as string
    await until(async () => (await db.task.findUnique({ where: { id: taskId } }))?.status === 'completed')
    const finished = (await db.task.findUnique({ where: { id: taskId } }))!.translationEndTime!.getTime()
    await until(() => hook.heard.length >= 1, 10_000)
    expect(hook.heard[0].at - finished).toBeLessThan(10_000)

    const [event] = hook.heard
    expect(verifies(secret, event.headers, event.body)).toBe(true)
    expect(verifies(`whsec_${Buffer.from('another secret of some length').toString('base64')}`, event.headers, event.body)).toBe(false)
    expect(verifies(secret, event.headers, event.body.replace('completed', 'failed'))).toBe(false)
    expect(event.headers['webhook-id']).toMatch(/^msg_/)
    expect(JSON.parse(event.body)).toMatchObject({ type: 'task.completed', data: { taskId, status: 'completed', fileName: 'clip.srt', targetLanguage: 'ja' } })

    // One event, however long one waits; the list shows it delivered with the receiver's 200.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(hook.heard).toHaveLength(1)
    const deliveries = await api(`/api/user/webhooks/${endpoint.id}/deliveries`, { auth: token })
    expect(deliveries.data).toEqual([expect.objectContaining({ id: event.headers['webhook-id'], event: 'task.completed', status: 'delivered', attempts: 1, lastCode: 200 })])
  })

  it('a receiver answering 500 three times gets the same webhook-id four times, with growing gaps', async () => {
    const { token } = await makeUser()
    const hook = await receiver([500, 500, 500, 204])
    const { endpoint, secret } = (await api('/api/user/webhooks', { method: 'POST', auth: token, json: { url: hook.url, events: ['task.failed'] } })).data
    const sent = await api(`/api/user/webhooks/${endpoint.id}/test`, { method: 'POST', auth: token })
    expect(sent.status).toBe(200)
    await until(() => hook.heard.length >= 4, 30_000)
    const ids = new Set(hook.heard.map((h) => h.headers['webhook-id']))
    expect([...ids]).toEqual([sent.data.id])
    expect(hook.heard.every((h) => verifies(secret, h.headers, h.body))).toBe(true)
    const gaps = hook.heard.slice(1).map((h, i) => h.at - hook.heard[i].at)
    expect(gaps[0]).toBeGreaterThanOrEqual(200)
    expect(gaps[1]).toBeGreaterThan(gaps[0])
    expect(gaps[2]).toBeGreaterThan(gaps[1])
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(hook.heard).toHaveLength(4)
    const [delivery] = (await api(`/api/user/webhooks/${endpoint.id}/deliveries`, { auth: token })).data
    expect(delivery).toMatchObject({ id: sent.data.id, event: 'webhook.test', status: 'delivered', attempts: 4, lastCode: 204 })
  })

  it('follows no redirect: a 302 is a failed try, and the address it names hears nothing', async () => {
    const { token } = await makeUser()
    const elsewhere = await receiver()
    const hook = await receiver([302], { location: elsewhere.url })
    const { endpoint } = (await api('/api/user/webhooks', { method: 'POST', auth: token, json: { url: hook.url, events: ['task.completed'] } })).data
    await api(`/api/user/webhooks/${endpoint.id}/test`, { method: 'POST', auth: token })
    await until(async () => (await api(`/api/user/webhooks/${endpoint.id}/deliveries`, { auth: token })).data[0]?.lastCode === 302)
    expect(hook.heard.length).toBeGreaterThanOrEqual(1)
    expect(elsewhere.heard).toHaveLength(0)
    expect((await api(`/api/user/webhooks/${endpoint.id}/deliveries`, { auth: token })).data[0].status).toBe('pending')
  })

  it('refuses endpoints on private, loopback and link-local addresses that are not listed', async () => {
    const { token } = await makeUser()
    for (const url of ['http://10.0.0.1/hook', 'http://169.254.169.254/latest/meta-data/', 'http://localhost:8080/hook', 'http://[::1]/hook', 'http://[::ffff:10.0.0.1]/hook', 'https://192.168.1.10/', 'http://172.16.5.4/', 'http://100.64.0.1/']) {
      const refused = await api('/api/user/webhooks', { method: 'POST', auth: token, json: { url, events: ['task.completed'] } })
      expect({ url, status: refused.status, msg: refused.msg }).toEqual({ url, status: 400, msg: 'This address is on a private or local network and cannot receive webhooks' })
    }
    for (const url of ['ftp://example.com/', 'not a url', 'http://user:pass@127.0.0.1/']) {
      expect((await api('/api/user/webhooks', { method: 'POST', auth: token, json: { url, events: ['task.completed'] } })).status).toBe(400)
    }
    expect((await api('/api/user/webhooks', { method: 'POST', auth: token, json: { url: 'http://127.0.0.1:9/hook', events: [] } })).msg).toBe('Choose at least one event')
    expect(await db.webhookEndpoint.count({ where: { url: { contains: '10.0.0.1' } } })).toBe(0)
  })

  it('checks the addresses a name resolves to when it connects: a name for loopback that is not listed is never reached', async () => {
    const hook = await receiver()
    const port = new URL(hook.url).port
    expect(await guardedPost(`http://localhost:${port}/hooks`, {}, '{}')).toEqual({ error: 'refused address' })
    expect(await guardedPost(`http://127.0.0.1:${port}/hooks`, {}, '{}')).toEqual({ status: 200 })
    expect(hook.heard).toHaveLength(1)
  })
})
