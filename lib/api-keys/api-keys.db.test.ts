// API keys through HTTP, as a script would use them: made once in the profile (with the browser's
// session), then the only credential of every call.
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '@/lib/db'
import { getBalance, grantPoints } from '@/lib/points'
import { apiClient, serveRoutes } from '@/test/route-server'
import { buildSrt, makeUser } from '@/test/route-harness'
import { deepSeekSetup, startTestWorkers } from '@/test/task-setup'

await deepSeekSetup('api-keys', { stopsBoss: true })
await startTestWorkers()
const server = await serveRoutes()
afterAll(() => server.close())

// Every line the app logs during a test, to check that no key reaches one.
let logged: string[] = []
beforeEach(() => {
  logged = []
  vi.stubEnv('LOG_LEVEL', 'info')
  for (const method of ['log', 'error', 'warn', 'info'] as const) vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')))
})
afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllEnvs()
})

const api = apiClient(server.url)

function srtForm(cues: number) {
  const form = new FormData()
  form.append('file', new Blob([buildSrt(cues)]), 'episode.srt')
  form.append('targetLanguage', 'ja')
  form.append('service', 'deepseek')
  form.append('sourceLanguage', 'en')
  return form
}

async function makeKey(session: string, name: string, scopes: string[]) {
  const made = await api('/api/user/api_keys', { method: 'POST', auth: session, json: { name, scopes } })
  expect(made.status).toBe(200)
  return made.data as { key: string; apiKey: { id: string; prefix: string } }
}

async function waitForStatus(key: string, taskId: string) {
  for (let i = 0; i < 300; i++) {
    const task = await api(`/api/tasks/${taskId}?segments=0`, { auth: key })
    if (task.data?.status !== 'translating') return task.data.status as string
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('the task did not finish')
}

describe('API keys', () => {
  it('a key shown once creates and finishes a translation, fetches its SRT, and the ledger names it', async () => {
    const { user, token } = await makeUser()
    await grantPoints({ userId: user.id, amount: 100, key: `g:${user.id}` })
    const { key, apiKey } = await makeKey(token, 'Nightly script', ['tasks:read', 'tasks:write', 'export'])
    expect(key).toMatch(/^ss_live_[A-Za-z0-9_-]{43}$/)
    expect(key.startsWith(apiKey.prefix)).toBe(true)

    // The list shows the prefix, never the key again.
    const listed = await api('/api/user/api_keys', { auth: token })
    expect(listed.data).toEqual([expect.objectContaining({ id: apiKey.id, name: 'Nightly script', prefix: apiKey.prefix, lastUsedAt: null, revokedAt: null })])
    expect(listed.text).not.toContain(key)

    const created = await api('/api/tasks', { method: 'POST', auth: key, form: srtForm(12) })
    expect(created.status).toBe(200)
    const { id: taskId, cost } = created.data as { id: string; cost: number }
    expect(cost).toBeGreaterThan(0)
    expect(await getBalance({ userId: user.id })).toBe(100 - cost)

    expect(await waitForStatus(key, taskId)).toBe('completed')
    const srt = await api(`/api/tasks/${taskId}/export?format=srt`, { auth: key })
    expect(srt.status).toBe(200)
    expect(srt.text).toMatch(/^1\r?\n00:00:00,000 --> 00:00:02,000\r?\n\[ja\]/)
    expect(srt.text.match(/\[ja\]/g)).toHaveLength(12)

    expect(await getBalance({ userId: user.id })).toBe(100 - cost)
    const entries = await db.pointEntry.findMany({ where: { taskId }, orderBy: { createdAt: 'asc' } })
    expect(entries.map((e) => [e.reason, e.delta, e.note])).toEqual([
      ['reserve', -cost, 'API key: Nightly script'],
      ['capture', 0, null],
    ])
    const used = await api('/api/user/api_keys', { auth: token })
    expect(used.data[0].lastUsedAt).not.toBeNull()
    expect(logged.length).toBeGreaterThan(0)
    expect(logged.filter((line) => line.includes(key))).toEqual([])
  })

  it('a read-only key reads but gets 403 with a code on creating a task, and keys cannot manage keys', async () => {
    const { user, token } = await makeUser()
    await grantPoints({ userId: user.id, amount: 100, key: `g:${user.id}` })
    const { key } = await makeKey(token, 'Dashboard reader', ['tasks:read'])
    expect((await api('/api/tasks', { auth: key })).status).toBe(200)
    const refused = await api('/api/tasks', { method: 'POST', auth: key, form: srtForm(3) })
    expect(refused).toMatchObject({ status: 403, code: 40300, msg: 'This API key does not have the tasks:write permission' })
    expect(await db.task.count({ where: { userId: user.id } })).toBe(0)
    expect(await getBalance({ userId: user.id })).toBe(100)
    expect(await api('/api/user/api_keys', { auth: key })).toMatchObject({ status: 403, code: 40300 })
    expect(await api('/api/user/api_keys', { method: 'POST', auth: key, json: { name: 'x', scopes: ['export'] } })).toMatchObject({ status: 403, code: 40300 })
    expect(refused.text).not.toContain(key)
  })

  it('a revoked key and a made-up key get the same 401 every time', async () => {
    const { token } = await makeUser()
    const { key, apiKey } = await makeKey(token, 'Old laptop', ['tasks:read'])
    expect((await api('/api/tasks', { auth: key })).status).toBe(200)
    const revoked = await api(`/api/user/api_keys/${apiKey.id}`, { method: 'DELETE', auth: token })
    expect(revoked.data.revokedAt).not.toBeNull()

    const madeUp = `ss_live_${'A'.repeat(43)}`
    const answers = []
    for (const candidate of [key, madeUp, key, madeUp, 'ss_live_short']) {
      for (const [path, method] of [['/api/tasks', 'GET'], ['/api/tasks', 'POST'], ['/api/user/api_keys', 'GET']] as const) {
        const answer = await api(path, { method, auth: candidate, form: method === 'POST' ? srtForm(1) : undefined })
        answers.push({ status: answer.status, text: answer.text })
        expect(answer.text).not.toContain(candidate)
      }
    }
    expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(new Set([JSON.stringify({ status: 401, text: JSON.stringify({ code: 40100, msg: 'This API key is not valid', data: null }) })]))
  })

  it('no column of the database holds a key', async () => {
    const { token } = await makeUser()
    const keys = [await makeKey(token, 'One', ['tasks:read']), await makeKey(token, 'Two', ['export', 'tasks:write'])].map((k) => k.key)
    await api('/api/tasks', { auth: keys[0] })
    const columns = await db.$queryRaw<{ table: string; column: string }[]>`
      SELECT table_name::text AS "table", column_name::text AS "column" FROM information_schema.columns
      WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'ARRAY', 'jsonb', 'json')`
    expect(columns.some((c) => c.table === 'ApiKey')).toBe(true)
    for (const key of keys) {
      for (const { table, column } of columns) {
        const rows = await db.$queryRawUnsafe<{ n: bigint }[]>(`SELECT count(*) AS n FROM "${table}" WHERE "${column}"::text LIKE $1`, `%${key.slice(8)}%`)
        expect({ table, column, n: Number(rows[0].n) }).toEqual({ table, column, n: 0 })
      }
    }
  })
})

describe('the OpenAPI document', () => {
  it('has the key scheme and marks the operations a key may call with their scope', async () => {
    const res = await fetch(`${server.url}/api/openapi.json`)
    const doc = (await res.json()) as { components: { securitySchemes: Record<string, { scheme?: string }> }; paths: Record<string, Record<string, { security: object[]; 'x-api-key-scope'?: string }>> }
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' })
    expect(doc.paths['/api/tasks'].post.security).toContainEqual({ apiKey: ['tasks:write'] })
    expect(doc.paths['/api/tasks/{id}'].get['x-api-key-scope']).toBe('tasks:read')
    expect(doc.paths['/api/tasks/{id}/export'].get['x-api-key-scope']).toBe('export')
    expect(doc.paths['/api/user/api_keys'].post.security).not.toContainEqual({ apiKey: expect.anything() })
    expect(doc.paths['/api/tasks/{id}'].delete['x-api-key-scope']).toBeUndefined()
  })
})
