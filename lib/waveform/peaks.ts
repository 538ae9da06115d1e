// A recording's waveform as peaks: the lowest and highest sample of each 10 ms of sound, as signed
// bytes (-127..127), and the same at coarser zoom levels (40, 160 and 640 ms a bucket) so a timeline
// showing an hour draws a few thousand bars, not a million. Built as the sound is decoded, chunk by
// chunk (in a browser worker or on the server), by parts that may start anywhere in the recording.
// Pure: no I/O, safe in the browser and in a worker.

/** Each level's bucket length; the first is the finest, each next one joins 4 of the one before. */
export const PEAK_LEVELS_MS = [10, 40, 160, 640] as const
export const BASE_BUCKET_MS = PEAK_LEVELS_MS[0]

export type PeakLevel = { bucketMs: number; min: Int8Array; max: Int8Array }
export type Peaks = { durationMs: number; levels: PeakLevel[] }

/** Completed finest buckets: `first` is the index of the first one in the recording (bucket i covers [10i, 10i + 10) ms). */
export type PeakRun = { first: number; min: Int8Array; max: Int8Array }

// Rounded away from zero alike on both sides, so a symmetric wave draws symmetric.
const toByte = (v: number) => Math.max(-127, Math.min(127, Math.sign(v) * Math.round(Math.abs(v) * 127)))

/** Peaks of mono samples fed in order, from `startMs` of the recording on. */
export class PeaksBuilder {
  private min = new Int8Array(1024)
  private max = new Int8Array(1024)
  /** Buckets completed and not yet taken. */
  private count = 0
  /** The recording's bucket index of the first untaken bucket. */
  private first: number
  private bucket: number
  private samples: number
  private readonly startSample: number
  private nextBoundary: number
  private lo = Infinity
  private hi = -Infinity

  constructor(
    private readonly sampleRate: number,
    startMs = 0,
  ) {
    this.startSample = Math.round((startMs * sampleRate) / 1000)
    this.samples = this.startSample
    this.bucket = Math.floor(startMs / BASE_BUCKET_MS)
    this.first = this.bucket
    this.nextBoundary = this.boundaryAfter(this.bucket)
  }

  private boundaryAfter(bucket: number): number {
    return Math.ceil(((bucket + 1) * BASE_BUCKET_MS * this.sampleRate) / 1000)
  }

  private commit() {
    if (this.count === this.min.length) {
      const grow = (a: Int8Array) => {
        const b = new Int8Array(a.length * 2)
        b.set(a)
        return b
      }
      this.min = grow(this.min)
      this.max = grow(this.max)
    }
    this.min[this.count] = this.lo === Infinity ? 0 : toByte(this.lo)
    this.max[this.count] = this.hi === -Infinity ? 0 : toByte(this.hi)
    this.count++
    this.lo = Infinity
    this.hi = -Infinity
    this.bucket++
    this.nextBoundary = this.boundaryAfter(this.bucket)
  }

  /** Feeds the next samples (mono, -1..1). */
  push(samples: Float32Array): void {
    let at = 0
    while (at < samples.length) {
      const until = Math.min(samples.length, at + (this.nextBoundary - this.samples))
      let lo = this.lo
      let hi = this.hi
      for (let i = at; i < until; i++) {
        const v = samples[i]
        if (v < lo) lo = v
        if (v > hi) hi = v
      }
      this.lo = lo
      this.hi = hi
      this.samples += until - at
      at = until
      if (this.samples >= this.nextBoundary) this.commit()
    }
  }

  /** Where the sound fed so far ends, in ms of the recording. */
  get endMs(): number {
    return (this.samples * 1000) / this.sampleRate
  }

  /** The buckets completed since the last take (null when none). */
  take(): PeakRun | null {
    if (this.count === 0) return null
    const run = { first: this.first, min: this.min.slice(0, this.count), max: this.max.slice(0, this.count) }
    this.first += this.count
    this.count = 0
    return run
  }

  /** The last bucket, complete or not, with what is left to take. */
  finish(): PeakRun | null {
    if (this.lo !== Infinity) this.commit()
    return this.take()
  }
}

/** Runs of buckets (from parts of a recording, in any order) joined into the recording's peaks; a bucket two parts share keeps both's extremes. */
export class PeaksAssembler {
  private min = new Int8Array(0)
  private max = new Int8Array(0)
  private filled = new Uint8Array(0)
  private length = 0

  add(run: PeakRun): void {
    const end = run.first + run.min.length
    if (end > this.min.length) {
      const size = Math.max(end, this.min.length * 2)
      const grow = <A extends Int8Array | Uint8Array>(a: A, make: (n: number) => A) => {
        const b = make(size)
        b.set(a)
        return b
      }
      this.min = grow(this.min, (n) => new Int8Array(n))
      this.max = grow(this.max, (n) => new Int8Array(n))
      this.filled = grow(this.filled, (n) => new Uint8Array(n))
    }
    for (let i = 0; i < run.min.length; i++) {
      const at = run.first + i
      if (this.filled[at]) {
        this.min[at] = Math.min(this.min[at], run.min[i])
        this.max[at] = Math.max(this.max[at], run.max[i])
      } else {
        this.min[at] = run.min[i]
        this.max[at] = run.max[i]
        this.filled[at] = 1
      }
    }
    this.length = Math.max(this.length, end)
  }

  /** Whether any bucket came. */
  get isEmpty(): boolean {
    return this.length === 0
  }

  /** The peaks so far (gaps not yet decoded are silent), with every zoom level. */
  peaks(durationMs = this.length * BASE_BUCKET_MS): Peaks {
    // A container's declared length may fall short of the sound decoded: the peaks' last bucket ends the waveform.
    return peaksFromBase(this.min.slice(0, this.length), this.max.slice(0, this.length), Math.max(durationMs, (this.length - 1) * BASE_BUCKET_MS))
  }
}

/** The coarser levels made from the finest one. */
export function peaksFromBase(min: Int8Array, max: Int8Array, durationMs: number): Peaks {
  const levels: PeakLevel[] = [{ bucketMs: PEAK_LEVELS_MS[0], min, max }]
  for (let l = 1; l < PEAK_LEVELS_MS.length; l++) {
    const below = levels[l - 1]
    const factor = PEAK_LEVELS_MS[l] / PEAK_LEVELS_MS[l - 1]
    const count = Math.ceil(below.min.length / factor)
    const lo = new Int8Array(count)
    const hi = new Int8Array(count)
    for (let i = 0; i < count; i++) {
      let a = 127
      let b = -127
      for (let j = i * factor; j < Math.min(below.min.length, (i + 1) * factor); j++) {
        if (below.min[j] < a) a = below.min[j]
        if (below.max[j] > b) b = below.max[j]
      }
      lo[i] = a
      hi[i] = b
    }
    levels.push({ bucketMs: PEAK_LEVELS_MS[l], min: lo, max: hi })
  }
  return { durationMs: Math.round(durationMs), levels }
}

/** The level to draw at a zoom: the coarsest whose buckets are no wider than `msPerPixel`. */
export function levelFor(peaks: Peaks, msPerPixel: number): PeakLevel {
  let chosen = peaks.levels[0]
  for (const level of peaks.levels) if (level.bucketMs <= msPerPixel) chosen = level
  return chosen
}
