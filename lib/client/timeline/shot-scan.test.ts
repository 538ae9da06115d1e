// Shot detection as the browser runs it, in a real Chromium (WebCodecs has no Node.js version): a
// video with hard cuts at known frames, decoded by the browser's VideoDecoder, scaled down and
// compared frame by frame; every cut found within one frame, and no other.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openChromiumPage, type ChromiumPage } from '@/test/chromium-page'
import { makeCutVideo, SCENES } from '@/test/cut-video'
import { ROOT } from '@/test/import-graph'
import type { ScannedShots } from './shot-scan'

const FPS = 25
const segments = SCENES.map((source, i) => ({ source, frames: 20 + 7 * i }))

let dir: string
let chromium: ChromiumPage

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'shot-scan-'))
  chromium = await openChromiumPage(readFileSync(path.join(ROOT, 'test/shot-scan-page.ts'), 'utf8'), path.join(ROOT, 'test'))
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
