/**
 * The first index in `[0, length)` at which `isReached(i)` holds, or `length` when it never does.
 * Rule: `isReached` is false and then true along the list (a sorted list searched in halves).
 */
export function firstIndexWhere(length: number, isReached: (i: number) => boolean): number {
  let lo = 0
  let hi = length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (isReached(mid)) hi = mid
    else lo = mid + 1
  }
  return lo
}

/** The index of the first time at or after `ms` in ascending `times` (`times.length` when none is). */
export const firstAtOrAfter = (times: readonly number[], ms: number): number => firstIndexWhere(times.length, (i) => times[i] >= ms)
