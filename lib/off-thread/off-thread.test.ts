import { threadId } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { AppError } from '@/lib/errors'
import { OffThreadLostError, offThreadRunner, OffThreadTimeoutError } from './index'

const WORKER = 'test/off-thread-worker.mjs'

describe('offThreadRunner', () => {
  it('answers from a worker thread, keeps it for the next piece of work, and passes errors back as they were thrown', async () => {
    const runner = offThreadRunner<string, unknown>({ worker: WORKER, threads: 1 })
    expect(await runner.run('a')).toBe('echo a')
    const first = await runner.run('thread')
    expect(first).not.toBe(threadId)
    expect(await runner.run('thread')).toBe(first)
    const refused = await runner.run('app-error').catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(AppError)
    expect(refused).toMatchObject({ code: 'bad_request', messageKey: 'memoryImportTooSlow' })
    await expect(runner.run('error')).rejects.toThrow('plain failure')
    expect(await runner.run('thread')).toBe(first)
  }, 30_000)

  it('gives each piece of work a fresh worker when asked, one at a time', async () => {
    const runner = offThreadRunner<string, unknown>({ worker: WORKER, threads: 1, oneJobPerWorker: true })
    const [a, b] = await Promise.all([runner.run('thread'), runner.run('thread')])
    expect(a).not.toBe(b)
  }, 30_000)

  it('answers a worker that dies as lost and starts another for the next piece of work', async () => {
    const runner = offThreadRunner<string, unknown>({ worker: WORKER, threads: 1 })
    await expect(runner.run('exit')).rejects.toBeInstanceOf(OffThreadLostError)
    expect(await runner.run('b')).toBe('echo b')
  }, 30_000)

  // The limit counts the worker's start (a few seconds on a busy machine) with its work.
  it('stops a worker past its time limit', async () => {
    const runner = offThreadRunner<string, unknown>({ worker: WORKER, threads: 1, timeoutMs: 6000 })
    await expect(runner.run('spin')).rejects.toBeInstanceOf(OffThreadTimeoutError)
  }, 60_000)
})
