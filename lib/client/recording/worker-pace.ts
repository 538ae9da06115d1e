// Inside an extraction worker: steps back while the page answers a person. Extraction
// keeps both cores busy (two workers, each with Chromium's decoder thread beside it), and the
// scheduler then gives the page's thread a share of a core: the dialog's click and toast tasks
// took 100 to 180 ms in bench:pipeline. The page asks for a hold when input comes or its screen
// changes (extract-audio.ts); the worker stops feeding its decoder until then, and the decoder's
// short queue drains in tens of ms. A hold never takes more than half the time: after one, the
// worker works at least as long again before the next, so typing all along slows extraction down
// by half at most, never stops it.

let heldUntil = 0
let nextHoldFrom = 0

/** Asks the worker to step back for `ms` from now (ignored while it owes work for an earlier hold). */
export function holdFor(ms: number, now = performance.now()): void {
  if (now < heldUntil || now < nextHoldFrom) return
  heldUntil = now + ms
  nextHoldFrom = heldUntil + ms
}

/** Resolves once no hold is running (at once, mostly). */
export async function whenPageIsFree(): Promise<void> {
  for (let wait = heldUntil - performance.now(); wait > 0; wait = heldUntil - performance.now()) await new Promise((resolve) => setTimeout(resolve, wait))
}

/** When the running hold ends (0: none yet), on this thread's clock. */
export const holdEndsAt = () => heldUntil

/** For tests: forgets every hold. */
export function resetHolds(): void {
  heldUntil = 0
  nextHoldFrom = 0
}
