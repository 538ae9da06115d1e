import { afterAll, beforeEach, expect } from 'vitest'
import type { FakeServer } from '@/fakes/server'
import { clearPauses } from '@/lib/provider-calls'
import { ProviderError, type TranslateProvider } from '@/lib/translate/providers/types'

// A provider's fake for a test file of provider code: started once, its faults and counters (and
// every provider's 429 pause) cleared before each test, closed after the file's tests.

export async function fakeForTests<T extends FakeServer>(starting: Promise<T>): Promise<T> {
  const fake = await starting
  afterAll(() => fake.close())
  beforeEach(() => {
    fake.faults.clear()
    fake.resetStats()
    clearPauses()
  })
  return fake
}

/** The ProviderError a call rejects with (the test fails when it resolves or throws anything else). */
export async function failure(run: Promise<unknown>): Promise<ProviderError> {
  const error = await run.then(() => undefined, (e: unknown) => e)
  expect(error).toBeInstanceOf(ProviderError)
  return error as ProviderError
}

/**
 * A translation provider whose answers the test writes (`translateBatch`), in process: a DeepSeek
 * by name, ten lines a batch, no context, its own rate-limit key.
 */
export const scriptedProvider = (translateBatch: TranslateProvider['translateBatch']): TranslateProvider => ({
  name: 'deepseek',
  maxBatch: 10,
  batchTokens: 1000,
  usesContext: false,
  limitKey: 'test',
  translateBatch,
})
