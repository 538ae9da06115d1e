import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { countPoints } from './index'
import { serveMetrics } from './server'

const TOKEN = 'worker-metrics-token-0123'
const open = await serveMetrics({ port: 0, token: TOKEN, host: '127.0.0.1' })
const closed = await serveMetrics({ port: 0, token: undefined, host: '127.0.0.1' })
const url = (server: typeof open, path = '/metrics') => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`

afterAll(async () => {
  for (const server of [open, closed]) await new Promise((r) => server.close(r))
})

describe('the worker\'s metrics server (METRICS_PORT)', () => {
  it('answers 404 without a configured token, 401 without the right one, never cached', async () => {
    expect((await fetch(url(closed), { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404)
    const refused = await fetch(url(open))
    expect([refused.status, refused.headers.get('www-authenticate'), refused.headers.get('cache-control')]).toEqual([401, 'Bearer', 'no-store'])
    expect((await fetch(url(open), { headers: { authorization: 'Bearer nope' } })).status).toBe(401)
    expect((await fetch(url(open, '/other'), { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404)
  })

  it('serves this process\'s registry in the text format to the token holder', async () => {
    countPoints('released', 7)
    const res = await fetch(url(open), { headers: { authorization: `Bearer ${TOKEN}` } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('no-store')
    const text = await res.text()
    expect(text).toMatch(/^subtitle_studio_points_total\{operation="released"\} 7$/m)
    expect(text).toContain('# TYPE subtitle_studio_task_stage_duration_seconds histogram')
  })
})
