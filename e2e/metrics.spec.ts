import { expect, request, test } from '@playwright/test'
import { E2E } from './env'
import { newCreator } from './helpers'

// /metrics on the production server: outside the proxy's locale handling on every host, guarded by
// the token, and one registry per process, whichever bundle counts (the workers are started by
// instrumentation.ts, the routes by their own bundles).
const TOKEN = E2E.serverEnv.METRICS_TOKEN
const P = 'subtitle_studio_'

test.describe('GET /metrics', () => {
  test('is neither localized nor redirected on any host, refuses a caller without the token, never cached', async ({ request: api }) => {
    for (const host of [E2E.cnHost, E2E.intlHost, `localhost:${E2E.port}`]) {
      const res = await api.get(`${E2E.apiUrl}/metrics`, { headers: { host, 'x-locale': 'en-US' }, maxRedirects: 0 })
      expect({ host, status: res.status(), cache: res.headers()['cache-control'], auth: res.headers()['www-authenticate'] ?? null }).toEqual({ host, status: 401, cache: 'no-store', auth: null })
      expect(await res.json()).toEqual({ code: 40100, msg: 'A valid metrics token is required (Authorization: Bearer)', data: null })
    }
  })

  test('answers the token holder, with a task\'s stages, provider requests and points after it completes', async () => {
    const creator = await newCreator(500)
    const api = await request.newContext({ baseURL: E2E.apiUrl, extraHTTPHeaders: { host: E2E.intlHost, 'x-locale': 'en-US' } })
    try {
      const scrape = async () => {
        const res = await api.get('/metrics', { headers: { authorization: `Bearer ${TOKEN}` }, maxRedirects: 0 })
        expect([res.status(), res.headers()['content-type'], res.headers()['cache-control']]).toEqual([200, 'text/plain; version=0.0.4; charset=utf-8', 'no-store'])
        return res.text()
      }
      const count = (text: string, sample: string) => Number(new RegExp(`^${sample.replace(/[{}[\]()]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1] ?? 0)
      const before = await scrape()
      const token = (await (await api.post('/api/email/auth', { data: { email: creator.email, pass: creator.password } })).json()).data.token as string
      const form = new FormData()
      form.append('file', new File(['1\n00:00:01,000 --> 00:00:02,000\nHello there\n\n2\n00:00:03,000 --> 00:00:04,000\nGood night\n'], 'm.srt'))
      form.append('targetLanguage', 'ja')
      form.append('service', 'deepseek')
      const created = await (await api.post('/api/tasks', { headers: { authorization: `Bearer ${token}` }, multipart: form })).json()
      expect(created.code).toBe(20000)
      await expect.poll(async () => (await (await api.get(`/api/tasks/${created.data.id}`, { headers: { authorization: `Bearer ${token}` } })).json()).data.status, { timeout: 30_000 }).toBe('completed')
      const after = await scrape()
      const delta = (sample: string) => count(after, sample) - count(before, sample)
      expect(delta(`${P}task_stage_duration_seconds_count{stage="translating",outcome="completed"}`)).toBeGreaterThanOrEqual(1)
      expect(delta(`${P}provider_requests_total{provider="deepseek",outcome="ok"}`)).toBeGreaterThanOrEqual(1)
      expect(delta(`${P}points_operations_total{operation="captured"}`)).toBeGreaterThanOrEqual(1)
      expect(delta(`${P}http_requests_total{method="POST",route="/api/tasks",status="200"}`)).toBeGreaterThanOrEqual(1)
      expect(after).toMatch(/^subtitle_studio_queue_jobs\{queue="task-run",state="ready"\} \d+$/m)
      expect(after).not.toContain(created.data.id)
    } finally {
      await api.dispose()
    }
  })
})
