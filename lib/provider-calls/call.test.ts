import { beforeEach, describe, expect, it } from 'vitest'
import { callProvider, GIVE_UP_RATE_WAIT_MS, type ProviderFailure } from './call'
import { clearPauses, pauseLeft } from './pause'

class Failure extends Error {
  constructor(readonly kind: string, readonly retryAfterMs?: number) {
    super(kind)
  }
}
const failureOf = (error: unknown): ProviderFailure | null => (error instanceof Failure ? error : null)

/** A call failing with `failures` in turn, then answering 'ok'; counts its tries and the waits between them. */
function flaky(...failures: Failure[]) {
  const seen = { tries: 0, slept: [] as number[] }
  const call = async () => {
    const failure = failures[seen.tries++]
    if (failure) throw failure
    return 'ok'
  }
  return { seen, call, sleep: async (ms: number) => void seen.slept.push(ms) }
}

beforeEach(() => clearPauses())

describe('callProvider', () => {
  it('retries a transient failure after the delay, and answers what the call answers', async () => {
    const { seen, call, sleep } = flaky(new Failure('retryable'), new Failure('retryable'))
    expect(await callProvider({ limitKey: 'a', call, failureOf, retry: { attempts: 3, delayMs: 7 }, sleep })).toBe('ok')
    expect(seen).toEqual({ tries: 3, slept: [7, 7] })
  })

  it('gives up after the retries, on a fatal error, a refusal, a failure the caller names final, and any error not the provider\'s', async () => {
    const cases: [Failure | Error, ((f: ProviderFailure) => boolean)?][] = [[new Failure('fatal')], [new Failure('refused')], [new Failure('bad_answer'), (f) => f.kind === 'bad_answer'], [new Error('bug')]]
    for (const [error, isFinal] of cases) {
      const { seen, call, sleep } = flaky(error as Failure)
      await expect(callProvider({ limitKey: 'a', call, failureOf, isFinal, sleep })).rejects.toBe(error)
      expect(seen.tries).toBe(1)
    }
    const { seen, call, sleep } = flaky(...Array.from({ length: 5 }, () => new Failure('retryable')))
    await expect(callProvider({ limitKey: 'a', call, failureOf, retry: { attempts: 2, delayMs: 1 }, sleep })).rejects.toMatchObject({ kind: 'retryable' })
    expect(seen.tries).toBe(3)
  })

  it('a 429 pauses every call under the key; one asking for longer than the give-up wait ends the call', async () => {
    const { seen, call, sleep } = flaky(new Failure('rate_limited', 2000))
    expect(await callProvider({ limitKey: 'b', call, failureOf, sleep })).toBe('ok')
    expect(seen.tries).toBe(2)
    expect(seen.slept).toHaveLength(1)
    expect(seen.slept[0]).toBeGreaterThanOrEqual(1900)
    const quota = flaky(new Failure('rate_limited', GIVE_UP_RATE_WAIT_MS + 1))
    await expect(callProvider({ limitKey: 'c', call: quota.call, failureOf, sleep: quota.sleep })).rejects.toMatchObject({ kind: 'rate_limited' })
    expect(pauseLeft('c')).toBe(0)
  })
})
