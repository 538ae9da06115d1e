// The timeline's scans as the browser runs them, in a real Chromium (WebCodecs has no Node.js
// version): shot detection on a video with hard cuts at known frames, decoded by the browser's
// VideoDecoder, scaled down and compared frame by frame (every cut found within one frame, and no
// other); the waveform of a video's sound, decoded by its AudioDecoder.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bundleForBrowser, openChromiumPage, type ChromiumPage } from '@/test/chromium-page'
import { makeCutVideo, SCENES } from '@/test/cut-video'
import { ROOT } from '@/test/import-graph'
import { base64ToBytes, decodePeaks } from '@/lib/waveform'
import type { ScannedShots } from './shot-scan'

const FPS = 25
const segments = SCENES.map((source, i) => ({ source, frames: 20 + 7 * i }))

let dir: string
let chromium: ChromiumPage

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'shot-scan-'))
  chromium = await openChromiumPage(readFileSync(path.join(ROOT, 'test/timeline-page.ts'), 'utf8'), path.join(ROOT, 'test'))
}, 120_000)

afterAll(async () => {
  await chromium?.close()
  rmSync(dir, { recursive: true, force: true })
})

async function scan(width: number, height: number) {
  const file = path.join(dir, `${width}x${height}.mp4`)
  const known = makeCutVideo(file, { width, height, fps: FPS, segments })
  await chromium.pick(file)
  const found = await chromium.page.evaluate(() => (window as unknown as { scan: () => Promise<ScannedShots | { error: string }> }).scan())
  if ('error' in found) throw new Error(found.error)
  return { known, found }
}

describe('shot changes in Chromium', () => {
  it.each([
    ['16:9', 640, 360],
    ['9:16', 360, 640],
  ])('%s: every cut within one frame, no other, with the video\'s frame rate and length', async (_, width, height) => {
    const { known, found } = await scan(width, height)
    const frames = found.cutsMs.map((ms) => Math.round((ms * FPS) / 1000))
    expect(frames.length).toBe(known.length)
    known.forEach((frame, i) => expect(Math.abs(frames[i] - frame), `cut at frame ${frame}, found ${frames[i]}`).toBeLessThanOrEqual(1))
    expect(found.frameRate).toBeCloseTo(FPS, 0)
    expect(Math.abs(found.durationMs - (segments.reduce((sum, s) => sum + s.frames, 0) * 1000) / FPS)).toBeLessThanOrEqual(80)
  }, 120_000)
})

/** 2 s of a tone at 0.8, 1 s of silence, 1 s at 0.4, under 4 s of moving picture, as AAC (128 kbit/s stereo: extracted by decoding) in MP4. */
function soundVideo(): string {
  const file = path.join(dir, 'sound.mp4')
  const made = spawnSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=4', '-f', 'lavfi', '-i', "aevalsrc='if(lt(t,2),0.8,if(lt(t,3),0,0.4))*sin(2*PI*300*t)|if(lt(t,2),0.8,if(lt(t,3),0,0.4))*sin(2*PI*300*t)':s=48000:d=4", '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-shortest', file])
  expect(made.status, made.stderr.toString()).toBe(0)
  return file
}

/** The waveform of soundVideo(): loud, silent, half as loud, where they are. */
function expectSoundShape(base64: string) {
  const peaks = decodePeaks(base64ToBytes(base64))
  expect(Math.abs(peaks.durationMs - 4000)).toBeLessThanOrEqual(60)
  const [base] = peaks.levels
  const top = (from: number, to: number) => [Math.min(...base.max.slice(from, to)), Math.max(...base.max.slice(from, to))]
  const [loudLow] = top(20, 190)
  const [, silentHigh] = top(215, 290)
  const [halfLow, halfHigh] = top(315, 390)
  expect(loudLow).toBeGreaterThan(95) // 0.8 × 127 = 102
  expect(silentHigh).toBeLessThan(4)
  expect(halfLow).toBeGreaterThan(45) // 0.4 × 127 = 51
  expect(halfHigh).toBeLessThan(58)
}

describe('a video\'s waveform in Chromium', () => {
  it('measured by the peaks worker\'s code, progressively', async () => {
    await chromium.pick(soundVideo())
    const answer = await chromium.page.evaluate(() => (window as unknown as { peaks: () => Promise<{ base64: string; runs: number } | { error: string }> }).peaks())
    if ('error' in answer) throw new Error(answer.error)
    expect(answer.runs).toBeGreaterThanOrEqual(4)
    expectSoundShape(answer.base64)
  }, 120_000)

  it('measured by the extraction workers on the sound they decode for speech', async () => {
    await chromium.pick(soundVideo())
    const workerCode = await bundleForBrowser({ file: path.join(ROOT, 'lib/client/recording/extract-worker.ts') })
    const answer = await chromium.page.evaluate((code) => (window as unknown as { extract: (code: string) => Promise<{ mode: string; base64: string | null } | { error: string }> }).extract(code), workerCode)
    if ('error' in answer) throw new Error(answer.error)
    expect(answer.mode).toBe('encode')
    expectSoundShape(answer.base64!)
  }, 120_000)
})
