import { spawnSync } from 'node:child_process'

// A test video with hard cuts at known frames: segments of ffmpeg's generated pictures (lavfi),
// each a different scene, some still, some moving fast, joined end to end.

export type Segment = { source: string; frames: number }

/**
 * Scenes that differ from each other: moving patterns, bars, a zooming fractal, noise-like life, plain colour.
 * The random ones (life, cellauto, gradients) are seeded, so every run draws the same pictures: unseeded,
 * one run in a few drew a gradient as dark and flat as the plain blue before it.
 */
export const SCENES: readonly string[] = [
  'testsrc2',
  'smptehdbars',
  'mandelbrot',
  'rgbtestsrc',
  'life=mold=10:ratio=0.3:death_color=#204060:life_color=#e0c080:seed=1',
  'testsrc2,hue=h=120:s=2,negate',
  'cellauto=rule=110:seed=1',
  'color=c=#305090',
  'gradients=speed=0.05:seed=1',
]

/**
 * Writes an H.264 MP4 of the segments at `width`x`height` and `fps` to `file`; answers the frame
 * numbers where a new segment starts (the cuts).
 */
export function makeCutVideo(file: string, { width, height, fps = 25, segments }: { width: number; height: number; fps?: number; segments: Segment[] }): number[] {
  const chains = segments.map((s, i) => {
    const [name, ...rest] = s.source.split(',')
    const at = name.indexOf('=')
    const [kind, options] = at < 0 ? [name, undefined] : [name.slice(0, at), name.slice(at + 1)]
    const args = [options, `size=${width}x${height}`, `rate=${fps}`].filter(Boolean).join(':')
    return `${kind}=${args},${[...rest, `trim=end_frame=${s.frames}`, 'setpts=PTS-STARTPTS', 'format=yuv420p', 'setsar=1'].join(',')}[s${i}]`
  })
  const graph = `${chains.join(';')};${segments.map((_, i) => `[s${i}]`).join('')}concat=n=${segments.length}:v=1:a=0[out]`
  const run = spawnSync('ffmpeg', ['-v', 'error', '-y', '-filter_complex', graph, '-map', '[out]', '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '23', '-g', '50', '-pix_fmt', 'yuv420p', '-r', String(fps), file])
  if (run.status !== 0) throw new Error(`ffmpeg: ${run.stderr.toString()}`)
  const cuts: number[] = []
  let at = 0
  for (const s of segments.slice(0, -1)) cuts.push((at += s.frames))
  return cuts
}

/** The video's frames decoded to `width`x`height` gray (one byte a pixel), as the browser's worker makes them. */
export function grayFrames(file: string, width: number, height: number): Uint8Array[] {
  const run = spawnSync('ffmpeg', ['-v', 'error', '-i', file, '-vf', `scale=${width}:${height}:flags=area,format=gray`, '-f', 'rawvideo', 'pipe:1'], { maxBuffer: 1 << 30 })
  if (run.status !== 0) throw new Error(`ffmpeg: ${run.stderr.toString()}`)
  const size = width * height
  const frames: Uint8Array[] = []
  for (let at = 0; at + size <= run.stdout.length; at += size) frames.push(new Uint8Array(run.stdout.subarray(at, at + size)))
  return frames
}

