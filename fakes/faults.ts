/** The failures every fake can produce; each fake maps them onto its vendor's real error shapes. */
export type FaultKind = 'slow' | '429' | '5xx' | 'malformed' | 'blank' | 'wrong_count'

export const FAULT_KINDS: readonly FaultKind[] = ['slow', '429', '5xx', 'malformed', 'blank', 'wrong_count']

/**
 * What to break. `kind` may list several kinds: each faulted request then picks one of them
 * (seeded), so one setting can mix 429s, 5xx and bad answers.
 */
export type FaultSpec = {
  kind: FaultKind | FaultKind[]
  /** Share of requests that fail, 0..1; default 1 (every request). */
  rate?: number
  /** Fail at most this many requests, then the fault clears itself. */
  times?: number
  /** For `slow`: how long to stall before answering normally (default 2000 ms). */
  delayMs?: number
  /** For `429`: the wait the fake asks for (default 1000 ms). */
  retryAfterMs?: number
  /** Seed of the pseudo-random sequence, so a run with `rate` is repeatable (default 1). */
  seed?: number
  /**
   * Fail only requests whose texts to translate contain this text (a cue's content every provider
   * fails on); translation fakes only. `rate` and `times` then count those requests alone.
   */
  containing?: string
}

/** The fault chosen for one request, already resolved to a single kind. */
export type ActiveFault = { kind: FaultKind; delayMs: number; retryAfterMs: number; roll: number }

export type FaultController = {
  /** Replaces the current fault setting. */
  set(spec: FaultSpec): void
  /** Removes the fault setting (the fixed answer delay stays). */
  clear(): void
  /** Added before every answer, faulted or not; for benchmarks. */
  delayMs: number
  /** The current setting, if any (for /__stats). */
  readonly current: FaultSpec | undefined
  /**
   * Decides the fault for one request: called by the framework once per request, or, for a
   * `containing` setting, by the fake with the request's texts to translate.
   */
  draw(texts?: readonly string[]): ActiveFault | undefined
  /** A seeded number in [0,1) for fakes that need more random choices. */
  random(): number
}

/** mulberry32: tiny, fast and good enough to spread faults; the point is repeatability, not quality. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Checks a fault setting that came over HTTP; throws with a readable reason. */
export function parseFaultSpec(value: unknown): FaultSpec {
  if (!value || typeof value !== 'object') throw new Error('fault spec must be a JSON object')
  const spec = value as Record<string, unknown>
  const kinds = Array.isArray(spec.kind) ? spec.kind : [spec.kind]
  if (kinds.length === 0 || !kinds.every((k) => FAULT_KINDS.includes(k as FaultKind))) {
    throw new Error(`kind must be one of ${FAULT_KINDS.join(', ')}`)
  }
  for (const key of ['rate', 'times', 'delayMs', 'retryAfterMs', 'seed'] as const) {
    if (spec[key] !== undefined && typeof spec[key] !== 'number') throw new Error(`${key} must be a number`)
  }
  if (spec.containing !== undefined && (typeof spec.containing !== 'string' || spec.containing === '')) throw new Error('containing must be a non-empty string')
  if (spec.rate !== undefined && ((spec.rate as number) < 0 || (spec.rate as number) > 1)) throw new Error('rate must be within 0..1')
  return spec as FaultSpec
}

/**
 * Creates the fault switchboard of one fake. Rule: with `rate` the choice of which requests fail
 * comes from a seeded sequence, so the same request order always fails the same requests.
 */
export function createFaultController({ delayMs = 0 }: { delayMs?: number } = {}): FaultController {
  let spec: FaultSpec | undefined
  let remaining = Infinity
  let random = seededRandom(1)

  return {
    delayMs,
    get current() {
      return spec
    },
    set(next) {
      spec = parseFaultSpec(next)
      remaining = next.times ?? Infinity
      random = seededRandom(next.seed ?? 1)
    },
    clear() {
      spec = undefined
    },
    random: () => random(),
    draw(texts) {
      if (!spec || remaining <= 0) return undefined
      const marker = spec.containing
      if (marker !== undefined && !texts?.some((text) => text.includes(marker))) return undefined
      if (random() >= (spec.rate ?? 1)) return undefined
      remaining -= 1
      const kinds = Array.isArray(spec.kind) ? spec.kind : [spec.kind]
      const kind = kinds[Math.floor(random() * kinds.length)]
      const fault = { kind, delayMs: spec.delayMs ?? 2000, retryAfterMs: spec.retryAfterMs ?? 1000, roll: random() }
      if (remaining <= 0) spec = undefined
      return fault
    },
  }
}
