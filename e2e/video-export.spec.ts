import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { audioPackets, cachedTalkVideo, changedShare, framePng, framesRgb, highlightCentre, videoStats } from './burn-video'
import { editorReady, newCreator, pickRecording, signIn } from './helpers'
import { timeMs } from './speech-video'
import { openVideoExport, withoutSavePicker } from './video/harness'

// Issue 29 end to end: a video made by ffmpeg (moving test pattern, spoken English, H.264 + AAC)
// is transcribed and translated through the product, then burned in by the browser (WebCodecs in
// Chromium, in the export's worker) and read back with ffmpeg: subtitles where the cues are and
// nowhere else, the audio packets untouched, every frame kept. The 16:9 video is the minute the
// issue asks for; the 9:16 one, whose point is the highlighted word, is 10 s.

test.describe.configure({ mode: 'serial' })

const LANDSCAPE = [
  { text: 'The river was quiet in the morning.', atMs: 2000 },
  { text: 'We walked to the old bridge and waited there.', atMs: 11_000 },
  { text: 'Nobody came so we went home again.', atMs: 21_000 },
  { text: 'The next day the sun was bright and warm.', atMs: 31_000 },
  { text: 'Children played by the water all afternoon.', atMs: 41_000 },
  { text: 'In the evening we counted the boats.', atMs: 51_000 },
]
const PORTRAIT = [
  { text: 'We walked to the old bridge and waited there for a long time.', atMs: 1000 },
  { text: 'Nobody came so we went home again.', atMs: 6500 },
]

let dir: string
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'burn-e2e-'))
})
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

type Cue = { startMs: number; endMs: number }
type Area = { x: number; y: number; w: number; h: number }

/** Uploads the video, transcribes it (English) and translates it (Japanese) in the product; answers the task's cues. */
async function transcribe(page: Page, video: string): Promise<Cue[]> {
  await pickRecording(page, video, { spoken: '英语', timeoutMs: 120_000 })
  await page.getByTestId('recording-target').click()
  await page.getByRole('option', { name: '翻译为日语', exact: true }).click()
  await page.getByTestId('upload-submit').click()
  const row = page.getByTestId('task-row').filter({ hasText: path.basename(video) })
  await expect(row.getByTestId('task-status')).toHaveAttribute('data-status', 'completed', { timeout: 180_000 })
  await row.getByTestId('task-edit').click()
  await expect(page).toHaveURL(/\/edit\//)
  await editorReady(page)
  const id = decodeURIComponent(page.url().split('/edit/')[1].split(/[?#]/)[0])
  const segments = await page.evaluate(async (task) => ((await (await fetch(`/api/tasks/${encodeURIComponent(task)}`)).json()) as { data: { segments: { startTime: string; endTime: string }[] } }).data.segments, id)
  return segments.map((s) => ({ startMs: timeMs(s.startTime), endMs: timeMs(s.endTime) }))
}

/** "Export video" with the file and a preset, burned in and downloaded to `out`. */
async function burn(page: Page, video: string, preset: string, out: string): Promise<void> {
  await openVideoExport(page)
  await page.getByTestId('burn-input').setInputFiles(video)
  await page.getByTestId(`burn-preset-${preset}`).click()
  await expect(page.getByTestId('burn-preview')).toHaveAttribute('data-drawn', new RegExp(`^${preset}@`), { timeout: 60_000 })
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 600_000 }), page.getByTestId('burn-start').click()])
  await download.saveAs(out)
  await expect(page.getByTestId('burn-done')).toBeVisible()
  await expect(page.getByTestId('burn-audio')).toHaveAttribute('data-audio', 'copied')
  await expect(page.getByTestId('video-export-dialog')).toHaveAttribute('data-thread', 'worker')
}

/** The checks: size, every frame and the duration kept, the audio untouched, subtitles at each cue's middle and none in gaps over 1 s. */
function checkBurn(video: string, out: string, cues: Cue[], area: Area, size: { width: number; height: number }): number {
  const [src, res] = [videoStats(video), videoStats(out)]
  expect(res).toMatchObject({ codec: 'h264', ...size, frames: src.frames })
  expect(Math.abs(res.durationS - src.durationS)).toBeLessThanOrEqual(1 / 30)
  expect(audioPackets(out)).toEqual(audioPackets(video))
  const middles = cues.map((cue) => (cue.startMs + cue.endMs) / 2)
  const gaps = cues.slice(1).flatMap((cue, i) => (cue.startMs - cues[i].endMs > 1000 ? [(cues[i].endMs + cue.startMs) / 2] : []))
  // Every frame looked at, from one decoding pass of each file.
  const [outFrames, srcFrames] = [framesRgb(out, [...middles, ...gaps], area), framesRgb(video, [...middles, ...gaps], area)]
  middles.forEach((ms, i) => expect(changedShare(outFrames[i], srcFrames[i]), `cue at ${ms} ms`).toBeGreaterThan(0.03))
  gaps.forEach((ms, i) => expect(changedShare(outFrames[middles.length + i], srcFrames[middles.length + i]), `gap at ${ms} ms`).toBeLessThan(0.002))
  return gaps.length
}

async function start(page: Page) {
  // The in-memory output (a download), as in a browser without the File System Access API.
  await withoutSavePicker(page)
  await signIn(page, await newCreator(1000))
}

/** A talk video of `sentences` (kept between runs), transcribed and translated in the product by a new creator: one cue per sentence. */
async function transcribedVideo(page: Page, name: string, talk: { sentences: typeof LANDSCAPE; totalMs: number; width: number; height: number }) {
  const video = path.join(dir, `${name}-${Date.now()}.mp4`)
  await cachedTalkVideo(video, talk)
  await start(page)
  const cues = await transcribe(page, video)
  expect(cues.length).toBe(talk.sentences.length)
  return { video, cues }
}

test('a 16:9 video is burned in with a preset: subtitles at every cue and nowhere else, audio and frames kept', async ({ page }, testInfo) => {
  test.setTimeout(900_000)
  const { video, cues } = await transcribedVideo(page, 'landscape', { sentences: LANDSCAPE, totalMs: 60_000, width: 1280, height: 720 })
  const out = path.join(dir, 'landscape.burned.mp4')
  await burn(page, video, 'box', out)
  framePng(out, (cues[1].startMs + cues[1].endMs) / 2, testInfo.outputPath('landscape-box.png'))
  // The lower part of the picture, where the box preset draws.
  expect(checkBurn(video, out, cues, { x: 0, y: 396, w: 1280, h: 288 }, { width: 1280, height: 720 })).toBeGreaterThanOrEqual(4)
})

test('a 9:16 video with the word-highlight preset: the highlighted word moves within a cue', async ({ page }, testInfo) => {
  test.setTimeout(600_000)
  const { video, cues } = await transcribedVideo(page, 'vertical', { sentences: PORTRAIT, totalMs: 10_000, width: 1080, height: 1920 })
  const out = path.join(dir, 'vertical.burned.mp4')
  await burn(page, video, 'wordHighlight', out)
  // The middle band, where the short-form preset draws.
  const area = { x: 0, y: 560, w: 1080, h: 800 }
  expect(checkBurn(video, out, cues, area, { width: 1080, height: 1920 })).toBe(1)

  // Two moments of the first cue: the yellow of the spoken word has moved.
  const cue = cues[0]
  const [early, late] = [cue.startMs + (cue.endMs - cue.startMs) * 0.15, cue.startMs + (cue.endMs - cue.startMs) * 0.85]
  framePng(out, early, testInfo.outputPath('vertical-early.png'))
  framePng(out, late, testInfo.outputPath('vertical-late.png'))
  const [outFrames, srcFrames] = [framesRgb(out, [early, late], area), framesRgb(video, [early, late], area)]
  const a = highlightCentre(outFrames[0], srcFrames[0], area.w)
  const b = highlightCentre(outFrames[1], srcFrames[1], area.w)
  expect(a.count).toBeGreaterThan(200)
  expect(b.count).toBeGreaterThan(200)
  expect(Math.hypot(a.x - b.x, a.y - b.y), `highlight at ${JSON.stringify(a)} then ${JSON.stringify(b)}`).toBeGreaterThan(40)
})
