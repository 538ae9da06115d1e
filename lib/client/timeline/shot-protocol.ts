// Messages between the page and the shot-change worker (shot-worker.ts).

export type ShotProblem = 'noVideo' | 'undecodable' | 'failed'

export type ToShotWorker = { type: 'detect'; file: Blob }

export type FromShotWorker =
  /** Cuts found since the last message, and how far the frames are read. */
  | { type: 'progress'; cutsMs: number[]; doneMs: number; durationMs: number }
  | { type: 'done'; cutsMs: number[]; frameRate: number | null; durationMs: number }
  | { type: 'failed'; problem: ShotProblem; detail: string }

/** The longer side of the frames the detector sees: enough to tell shots apart, cheap to compare. */
export const DETECT_SIZE = 64

/** The small frame's size for a picture of `width` x `height`: its longer side DETECT_SIZE, its shape kept. */
export function detectSize(width: number, height: number): { width: number; height: number } {
  const scale = DETECT_SIZE / Math.max(width, height, 1)
  return { width: Math.max(8, Math.round(width * scale)), height: Math.max(8, Math.round(height * scale)) }
}

/** Luma of RGBA pixels (BT.601 weights, integer arithmetic). */
export function lumaOf(rgba: Uint8ClampedArray, into = new Uint8Array(rgba.length / 4)): Uint8Array {
  for (let i = 0, p = 0; p < into.length; i += 4, p++) into[p] = (77 * rgba[i] + 150 * rgba[i + 1] + 29 * rgba[i + 2]) >> 8
  return into
}
