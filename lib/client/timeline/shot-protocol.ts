// What the page asks of the shot-change worker (shot-worker.ts), through the one worker RPC.

export type ShotProblem = 'noVideo' | 'undecodable' | 'failed'

export type ShotProtocol = {
  calls: {
    /** Every cut, the frame rate and the length; meanwhile the cuts found since the last event and how far the frames are read. */
    detect: { args: { file: Blob }; result: { cutsMs: number[]; frameRate: number | null; durationMs: number }; event: { cutsMs: number[]; doneMs: number; durationMs: number } }
  }
  notes: Record<string, never>
}

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
