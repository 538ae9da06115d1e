// At most `limit` holders at once, the others waiting in the order they asked (requests to a
// provider, chunks encoded at once). Pure.
export function slots(limit: number) {
  let busy = 0
  const waiting: (() => void)[] = []
  return async function hold<T>(work: () => Promise<T>): Promise<T> {
    if (busy >= limit) await new Promise<void>((resolve) => waiting.push(resolve))
    else busy++
    try {
      return await work()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else busy--
    }
  }
}
