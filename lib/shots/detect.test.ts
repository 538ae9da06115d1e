import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import { afterAll, describe, expect, it } from 'vitest'
import { grayFrames, makeCutVideo, SCENES } from '@/test/cut-video'
import { detectCuts, ShotDetector } from './detect'

const dir = mkdtempSync(path.join(tmpdir(), 'shots-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const FPS = 25
const FRAME_MS = 1000 / FPS
// Segments of different lengths (the shortest 8 frames), every scene once, one scene twice with a
// different one between.
const segments = [
  { source: SCENES[0], frames: 40 },
  { source: SCENES[1], frames: 31 },
  { source: SCENES[2], frames: 57 },
  { source: SCENES[3], frames: 8 },
  { source: SCENES[4], frames: 45 },
  { source: SCENES[5], frames: 26 },
  { source: SCENES[6], frames: 33 },
  { source: SCENES[7], frames: 20 },
  { source: SCENES[8], frames: 50 },
  { source: SCENES[0], frames: 30 },
]

function cutsOf(width: number, height: number, small: [number, number]) {
  const file = path.join(dir, `${width}x${height}.mp4`)
  const known = makeCutVideo(file, { width, height, fps: FPS, segments })
  const frames = grayFrames(file, ...small)
  expect(frames.length).toBe(segments.reduce((sum, s) => sum + s.frames, 0))
  const found = detectCuts(frames.map((luma, i) => ({ luma, timeMs: Math.round(i * FRAME_MS) })), FRAME_MS).map((ms) => Math.round(ms / FRAME_MS))
  return { known, found }
}

/** Every known cut found within one frame, and nothing else. */
function expectMatched(known: number[], found: number[]) {
  expect(found.length).toBe(known.length)
  known.forEach((frame, i) => expect(Math.abs(found[i] - frame), `cut at frame ${frame}, found ${found[i]}`).toBeLessThanOrEqual(1))
}

describe('shot changes in frames decoded small', () => {
  it('finds every hard cut of a 16:9 video within one frame, and no other', () => {
    const { known, found } = cutsOf(640, 360, [64, 36])
    expect(known).toHaveLength(9)
    expectMatched(known, found)
  }, 60_000)

  it('finds every hard cut of a 9:16 video within one frame, and no other', () => {
    const { known, found } = cutsOf(360, 640, [36, 64])
    expectMatched(known, found)
  }, 60_000)

  it('finds none in one long moving scene, and one cut once however it is fed', () => {
    const file = path.join(dir, 'one.mp4')
    makeCutVideo(file, { width: 320, height: 180, fps: FPS, segments: [{ source: SCENES[2], frames: 60 }, { source: SCENES[6], frames: 60 }] })
    const frames = grayFrames(file, 64, 36).map((luma, i) => ({ luma, timeMs: i * 40 }))
    expect(detectCuts(frames.slice(0, 60), 40)).toEqual([])
    expect(detectCuts(frames.slice(60), 40)).toEqual([])
    // Fed one frame at a time, the cut comes out a few frames after it, once.
    const detector = new ShotDetector(40)
    const seen = frames.map((frame) => detector.push(frame))
    expect([...seen.flat(), ...detector.finish()]).toEqual([2400])
    expect(seen.findIndex((cuts) => cuts.length > 0)).toBeGreaterThan(60)
    expect(seen.findIndex((cuts) => cuts.length > 0)).toBeLessThanOrEqual(65)
  }, 60_000)

  it('takes a one-second dissolve and a fade through black for no cut, and still finds the hard cut after them', () => {
    const file = path.join(dir, 'dissolve.mp4')
    const graph = [
      `testsrc2=size=320x180:rate=${FPS}:duration=3[a]`,
      `smptehdbars=size=320x180:rate=${FPS}:duration=3[b]`,
      `mandelbrot=size=320x180:rate=${FPS},trim=duration=3,setpts=PTS-STARTPTS[c]`,
      `rgbtestsrc=size=320x180:rate=${FPS}:duration=2[d]`,
      '[a][b]xfade=transition=dissolve:duration=1:offset=2[ab]',
      '[ab][c]xfade=transition=fadeblack:duration=1:offset=4[abc]',
      '[abc]format=yuv420p,setsar=1[abcf]',
      '[d]format=yuv420p,setsar=1[df]',
      '[abcf][df]concat=n=2:v=1:a=0[out]',
    ].join(';')
    const made = spawnSync('ffmpeg', ['-v', 'error', '-y', '-filter_complex', graph, '-map', '[out]', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file])
    expect(made.status, made.stderr.toString()).toBe(0)
    const frames = grayFrames(file, 64, 36)
    // 3 s + 3 s - 1 s, + 3 s - 1 s: the hard cut to the last scene at 7 s, frame 175.
    expect(frames.length).toBe(9 * FPS)
    const cuts = detectCuts(frames.map((luma, i) => ({ luma, timeMs: i * FRAME_MS })), FRAME_MS).map((ms) => Math.round(ms / FRAME_MS))
    expect(cuts).toHaveLength(1)
    expect(Math.abs(cuts[0] - 175)).toBeLessThanOrEqual(1)
  }, 60_000)

  it('finds every cut between noisy scenes (grain on every frame), and no other', () => {
    const file = path.join(dir, 'noisy.mp4')
    const noisy = ['testsrc2', 'mandelbrot', 'smptehdbars', 'life=mold=10:ratio=0.3', 'gradients=speed=0.2', 'testsrc2,hue=h=60'].map((source) => ({ source: `${source},noise=alls=40:allf=t+u`, frames: 40 }))
    const known = makeCutVideo(file, { width: 640, height: 360, fps: FPS, segments: noisy })
    const frames = grayFrames(file, 64, 36)
    const found = detectCuts(frames.map((luma, i) => ({ luma, timeMs: i * FRAME_MS })), FRAME_MS).map((ms) => Math.round(ms / FRAME_MS))
    expectMatched(known, found)
  }, 60_000)
})
