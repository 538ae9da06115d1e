// Shot changes (hard cuts) found in a video's frames, decoded small and reduced to luma. Each
// frame is compared with the one before it, by its pixels (mean absolute difference) and by its
// histogram (what share of the picture changed brightness band, bands softly bounded). A cut is a
// difference that stands far above those of the frames before it (an adaptive threshold: fast
// motion raises the bar, a still scene lowers it), is the largest within a few frames either side
// (a cut is counted once) and is a jump of one frame, not the largest step of a dissolve or a fade.
// Pure and incremental: fed frame by frame as a worker decodes them, it answers cuts a few frames late.

/** Brightness bands of the histogram. */
const BINS = 32
/** Frames of recent differences the threshold is measured on. */
const WINDOW = 24
/** A cut stands this many deviations above the recent differences... */
const DEVIATIONS = 5
/** ...and above this in any case (a difference of 0..1: share of the picture changed, and how much). */
const FLOOR = 0.12
/**
 * A cut stands out from the frames on either side of it: at least twice the quieter side (a cut
 * into or out of fast motion has one busy side), or half as much again as both.
 */
const SPIKE_OVER_QUIET_SIDE = 2
const SPIKE_OVER_BUSY_SIDES = 1.5
/** Frames either side a cut must be the largest difference in: no second cut this close. */
export const MIN_CUT_FRAMES = 4

export type LumaFrame = { luma: Uint8Array; timeMs: number }

type Scored = { timeMs: number; score: number }

// Each brightness counts in its two nearest bands, in proportion to how near: a picture that
// brightens a little (a dissolve's first step) moves its histogram a little, not a whole flat area
// across a band's edge at once.
const LOWER_BIN = new Uint8Array(256)
const UPPER_SHARE = new Float32Array(256)
for (let v = 0; v < 256; v++) {
  const at = (v / 255) * (BINS - 1)
  LOWER_BIN[v] = Math.min(BINS - 2, Math.floor(at))
  UPPER_SHARE[v] = at - LOWER_BIN[v]
}

function histogram(luma: Uint8Array): Float32Array {
  const bins = new Float32Array(BINS)
  for (let i = 0; i < luma.length; i++) {
    const v = luma[i]
    bins[LOWER_BIN[v]] += 1 - UPPER_SHARE[v]
    bins[LOWER_BIN[v] + 1] += UPPER_SHARE[v]
  }
  for (let b = 0; b < BINS; b++) bins[b] /= luma.length || 1
  return bins
}

/**
 * How different two frames are, 0..1: the mean of their pixels' mean absolute difference (0..1)
 * and their histograms' distance (half the sum of absolute differences, 0..1).
 */
export function frameDifference(a: Uint8Array, b: Uint8Array, ha = histogram(a), hb = histogram(b)): number {
  let sad = 0
  const n = Math.min(a.length, b.length)
  for (let i = 0; i < n; i++) sad += Math.abs(a[i] - b[i])
  let hist = 0
  for (let bin = 0; bin < BINS; bin++) hist += Math.abs(ha[bin] - hb[bin])
  return (sad / (n * 255 || 1) + hist / 2) / 2
}

export class ShotDetector {
  private previous: { luma: Uint8Array; hist: Float32Array } | null = null
  /** Scored frames not yet decided: the candidate waits MIN_CUT_FRAMES frames after it. */
  private pending: Scored[] = []
  /** Differences of the frames before the pending ones, cuts left out (they are not "normal" motion). */
  private recent: number[] = []
  private lastCutMs = -Infinity
  /** The difference of the frame decided last (the candidate's neighbour before it). */
  private previousScore = 0
  private readonly minCutMs: number

  /** `frameMs`: a frame's length, for the distance two cuts keep (MIN_CUT_FRAMES frames). */
  constructor(frameMs = 40) {
    this.minCutMs = MIN_CUT_FRAMES * frameMs
  }

  /** Takes the next frame (in order of time); answers the cuts now decided, as times of the cut's first frame. */
  push(frame: LumaFrame): number[] {
    const hist = histogram(frame.luma)
    if (this.previous) this.pending.push({ timeMs: frame.timeMs, score: frameDifference(this.previous.luma, frame.luma, this.previous.hist, hist) })
    this.previous = { luma: frame.luma, hist }
    return this.decide(false)
  }

  /** The cuts left undecided at the end of the video. */
  finish(): number[] {
    return this.decide(true)
  }

  private decide(atEnd: boolean): number[] {
    const cuts: number[] = []
    while (this.pending.length > (atEnd ? 0 : MIN_CUT_FRAMES)) {
      const [candidate] = this.pending
      const around = this.pending.slice(1, MIN_CUT_FRAMES + 1)
      const before = this.recent.slice(-MIN_CUT_FRAMES)
      const mean = this.recent.length > 0 ? this.recent.reduce((a, b) => a + b, 0) / this.recent.length : 0
      const spread = this.recent.length > 1 ? Math.sqrt(this.recent.reduce((a, b) => a + (b - mean) ** 2, 0) / this.recent.length) : 0
      const isPeak = around.every((s) => candidate.score >= s.score) && before.every((s) => candidate.score > s)
      // A cut is one frame's jump: a fast fade changes as much on the frames either side of its largest step.
      const [lower, higher] = [this.previousScore, around[0]?.score ?? 0].sort((a, b) => a - b)
      const isSpike = candidate.score >= SPIKE_OVER_QUIET_SIDE * lower || candidate.score >= SPIKE_OVER_BUSY_SIDES * higher
      const isCut = isPeak && isSpike && candidate.score >= FLOOR && candidate.score > mean + DEVIATIONS * spread + 0.02 && candidate.timeMs - this.lastCutMs >= this.minCutMs
      if (isCut) {
        cuts.push(candidate.timeMs)
        this.lastCutMs = candidate.timeMs
      } else {
        this.recent.push(candidate.score)
        if (this.recent.length > WINDOW) this.recent.shift()
      }
      this.previousScore = candidate.score
      this.pending.shift()
    }
    return cuts
  }
}

/** Every cut of a whole list of frames (in order of time). */
export function detectCuts(frames: Iterable<LumaFrame>, frameMs?: number): number[] {
  const detector = new ShotDetector(frameMs)
  const cuts: number[] = []
  for (const frame of frames) cuts.push(...detector.push(frame))
  return [...cuts, ...detector.finish()]
}
