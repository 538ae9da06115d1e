/**
 * Runs fn over items with at most `limit` calls pending at once and answers the results in input
 * order. Rule: the first failure rejects at once and no new call starts after it; calls already
 * running are left to the caller to cancel (through the AbortSignal it gave them).
 */
export function mapWithConcurrency<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  return new Promise((resolve, reject) => {
    const results = new Array<R>(items.length)
    let next = 0
    let done = 0
    let isFailed = false
    if (items.length === 0) return resolve(results)

    const launch = () => {
      if (isFailed || next >= items.length) return
      const index = next++
      Promise.resolve()
        .then(() => fn(items[index], index))
        .then(
          (result) => {
            results[index] = result
            done += 1
            if (done === items.length) resolve(results)
            else launch()
          },
          (error) => {
            if (isFailed) return
            isFailed = true
            reject(error)
          },
        )
    }
    for (let i = 0; i < Math.min(Math.max(1, limit), items.length); i++) launch()
  })
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
