import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createFaultController, sendJson, startFakeServer, type FakeServer } from './server'

describe('fault controller', () => {
  it('fails the same requests for the same seed and rate', () => {
    const pattern = () => {
      const faults = createFaultController()
      faults.set({ kind: ['429', '5xx'], rate: 0.3, seed: 42 })
      return Array.from({ length: 200 }, () => faults.draw()?.kind ?? '-')
    }
    const first = pattern()
    expect(pattern()).toEqual(first)
    const failed = first.filter((k) => k !== '-').length
    expect(failed).toBeGreaterThan(30)
    expect(failed).toBeLessThan(90)
    expect(new Set(first)).toEqual(new Set(['-', '429', '5xx']))
  })

  it('clears itself after `times` faults', () => {
    const faults = createFaultController()
    faults.set({ kind: 'blank', times: 2 })
    expect([faults.draw()?.kind, faults.draw()?.kind, faults.draw()]).toEqual(['blank', 'blank', undefined])
    expect(faults.current).toBeUndefined()
  })

  it('with `containing`, fails only requests whose texts hold the marker', () => {
    const faults = createFaultController()
    faults.set({ kind: '5xx', containing: 'BOOM' })
    expect(faults.draw()).toBeUndefined()
    expect(faults.draw(['fine', 'also fine'])).toBeUndefined()
    expect(faults.draw(['fine', 'this one goes BOOM'])?.kind).toBe('5xx')
    expect(() => faults.set({ kind: '5xx', containing: '' })).toThrow(/containing/)
  })

  it('rejects an unknown kind', () => {
    expect(() => createFaultController().set({ kind: 'boom' as never })).toThrow(/kind must be one of/)
  })
})

describe('startFakeServer', () => {
  let fake: FakeServer
  beforeAll(async () => {
    fake = await startFakeServer({
      name: 'echo',
      handler: (_req, res, ctx) => {
        ctx.count('hits')
        sendJson(res, ctx.fault ? 503 : 200, { fault: ctx.fault?.kind ?? null })
      },
    })
  })
  afterAll(() => fake.close())
  beforeEach(() => {
    fake.faults.clear()
    fake.faults.delayMs = 0
    fake.resetStats()
  })

  it('is steered over HTTP: POST/DELETE /__faults and GET /__stats', async () => {
    const set = await fetch(`${fake.url}/__faults`, { method: 'POST', body: JSON.stringify({ kind: '5xx', times: 1 }) })
    expect(set.status).toBe(200)
    expect((await fetch(`${fake.url}/x`)).status).toBe(503)
    expect((await fetch(`${fake.url}/x`)).status).toBe(200)
    await fetch(`${fake.url}/__faults`, { method: 'POST', body: JSON.stringify({ kind: '5xx' }) })
    await fetch(`${fake.url}/__faults`, { method: 'DELETE' })
    expect((await fetch(`${fake.url}/x`)).status).toBe(200)
    const stats = await (await fetch(`${fake.url}/__stats`)).json()
    expect(stats).toMatchObject({ name: 'echo', requests: 3, faultsInjected: 1, counters: { hits: 3 }, fault: null })
    expect((await fetch(`${fake.url}/__faults`, { method: 'POST', body: '{"kind":"nope"}' })).status).toBe(400)
  })

  it('delays every answer by answerDelayMs and tracks requests in flight', async () => {
    await fetch(`${fake.url}/__faults`, { method: 'POST', body: JSON.stringify({ answerDelayMs: 60 }) })
    const started = Date.now()
    await Promise.all([1, 2, 3].map(() => fetch(`${fake.url}/x`)))
    expect(Date.now() - started).toBeGreaterThanOrEqual(55)
    expect(fake.stats).toMatchObject({ requests: 3, maxInFlight: 3, inFlight: 0 })
  })

  it('stalls `slow` requests by the fault delay', async () => {
    fake.faults.set({ kind: 'slow', delayMs: 80, times: 1 })
    const started = Date.now()
    const res = await fetch(`${fake.url}/x`)
    expect(Date.now() - started).toBeGreaterThanOrEqual(75)
    expect(await res.json()).toEqual({ fault: 'slow' })
  })
})
