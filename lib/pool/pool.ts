// The one concurrency pool of the server: at most `limit` pieces of work at once, for every bound
// the server keeps on concurrent work (a task's provider requests, a recording's chunks encoded
// and sent at once, a user's media checks). Pure: no I/O, no timers.

/** There is no free slot now (`tryRun`): the caller answers "busy" rather than wait. */
export class PoolBusyError extends Error {}

export type Pool = {
  readonly limit: number
  /** Work holding a slot now. */
  readonly busy: number
  /** Runs `work` in a slot, waiting for one first (in the order asked) when all are taken. */
  run<T>(work: () => Promise<T>): Promise<T>
  /** Takes a slot only if one is free now (a PoolBusyError otherwise, never queued); the answer frees it. */
  tryTake(): () => void
}

/** A pool of `limit` slots (at least one). */
export function createPool(limit: number): Pool {
  const size = Math.max(1, limit)
  let busy = 0
  const waiting: (() => void)[] = []
  // A freed slot goes straight to the first waiter, so a newcomer never overtakes the queue.
  const free = () => {
    const next = waiting.shift()
    if (next) next()
    else busy--
  }
  return {
    limit: size,
    get busy() {
      return busy
    },
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (busy >= size) await new Promise<void>((resolve) => waiting.push(resolve))
      else busy++
      try {
        return await work()
      } finally {
        free()
      }
    },
    tryTake() {
      if (busy >= size) throw new PoolBusyError(`all ${size} slots are taken`)
      busy++
      let isFreed = false
      return () => {
        if (isFreed) return
        isFreed = true
        free()
      }
    },
  }
}

/**
 * Pools per key (a user) under one pool for all: `tryRun` takes a slot of the key's and one of
 * all at once, or neither (a PoolBusyError), and frees both when `work` ends. A key's pool goes
 * once it is idle.
 */
export function keyedPool({ perKey, inAll }: { perKey: number; inAll: number }) {
  const all = createPool(inAll)
  const byKey = new Map<string, Pool>()
  return {
    async tryRun<T>(key: string, work: () => Promise<T>): Promise<T> {
      const mine = byKey.get(key) ?? createPool(perKey)
      if (mine.busy >= mine.limit || all.busy >= all.limit) throw new PoolBusyError(`busy (${mine.busy} of the key's, ${all.busy} in all)`)
      byKey.set(key, mine)
      const freeMine = mine.tryTake()
      const freeAll = all.tryTake()
      try {
        return await work()
      } finally {
        freeAll()
        freeMine()
        if (mine.busy === 0) byKey.delete(key)
      }
    },
  }
}

/**
 * Runs fn over items with at most `limit` calls pending at once and answers the results in input
 * order. Rule: the first failure rejects at once and no new call starts after it; calls already
 * running are left to the caller to cancel (through the AbortSignal it gave them).
 */
export function mapWithConcurrency<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const pool = createPool(limit)
  let isFailed = false
  return Promise.all(
    items.map((item, index) =>
      pool.run(async () => {
        // Past a failure the call's answer is already given: nothing more starts.
        if (isFailed) return undefined as R
        try {
          return await fn(item, index)
        } catch (error) {
          isFailed = true
          throw error
        }
      }),
    ),
  )
}

/**
 * Runs `work` over items, at most `limit` at once (mapWithConcurrency), and hands each result to
 * `report` as it comes, one call at a time: a caller writing each batch's outcome (a progress
 * counter, a row) never sees two reports overlap. Resolves once every report is done.
 */
export async function eachWithConcurrency<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>, report: (item: T, result: R) => Promise<void> | void): Promise<void> {
  let reported: Promise<void> = Promise.resolve()
  await mapWithConcurrency(items, limit, async (item) => {
    const result = await work(item)
    reported = reported.then(() => report(item, result))
    await reported
  })
  await reported
}
