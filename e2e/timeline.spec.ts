import { execFileSync } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import pg from 'pg'
import { E2E } from './env'
import { completedTranslation, editorReady, newCreator, pageApi, pickRecording, signIn, type Credentials } from './helpers'
import { timeMs } from './speech-video'

// Issue 38 (the timeline), end to end on the China host against the sandbox fakes: a 2-minute video
// with a spoken track (espeak-ng sentences at known times) and 6 hard cuts at known frames is
// transcribed, then opened in the editor's video pane. The waveform appears; the shot changes found
// in the browser and kept with the task are each within a frame of a known cut, none extra; a block
// dragged moves its cue by the dragged time on a frame, saved; edges dragged near a cut land on it
// (an in-time) or 2 frames before it (an out-time); undo puts every time back. Then the editor with
// its timeline (an interview's 44 cues, two speakers, over the same video) is saved at 1280x800 and
// 1920x1080, in three languages, light and dark, as `timeline-<locale>-<scheme>-<size>.png`.

const FPS = 25
/** Seven scenes, 6 cuts: at frames 430, 825, 1285, 1695, 2140 and 2560 (17.2 s ... 102.4 s); 120 s in all. */
const SEGMENT_FRAMES = [430, 395, 460, 410, 445, 420, 440]
const SENTENCES = [
  { text: 'The river was quiet in the morning.', atMs: 3000 },
  { text: 'We walked to the old bridge and waited there.', atMs: 10_000 },
  // Starts a second after the cut at 33 s: its in-time is dragged onto the cut.
  { text: 'Nobody came so we went home again.', atMs: 34_000 },
  // Ends a little over a second before the cut at 51.4 s: its out-time is dragged to 2 frames before it.
  { text: 'The rain started just after noon.', atMs: 47_500 },
  { text: 'She opened the window and listened.', atMs: 72_000 },
  { text: 'A train passed far away in the valley.', atMs: 92_000 },
  { text: 'Then everything was quiet again.', atMs: 108_000 },
]

type Segment = { id: number; startTime: string; endTime: string }
type Made = { cuts: number[]; speech: { text: string; startMs: number; endMs: number }[] }

let dir: string
let video: string
let made: Made
let creator: Credentials
let taskId: string

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'timeline-e2e-'))
  video = path.join(dir, `cuts-and-speech-${Date.now()}.mp4`)
  const out = execFileSync(path.resolve('node_modules/.bin/tsx'), ['--conditions=react-server', path.resolve('test/make-cut-speech-video.ts'), video, JSON.stringify({ sentences: SENTENCES, segmentFrames: SEGMENT_FRAMES, width: 320, height: 180, fps: FPS })], { encoding: 'utf8', timeout: 120_000 })
  made = JSON.parse(out.trim().split('\n').pop()!) as Made
})

test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

const frameMs = (frame: number) => Math.round((frame * 1000) / FPS)
const segmentsOf = async (page: Page, id = taskId) => (await pageApi<{ segments: Segment[] }>(page, `/api/tasks/${id}`)).segments
const timesOf = (s: Segment) => ({ startMs: timeMs(s.startTime), endMs: timeMs(s.endTime) })

/** Where the timeline shows what: its view and the cue band, in page pixels. */
async function timelineGeometry(page: Page) {
  const host = page.getByTestId('timeline-canvas-host')
  const g = await host.evaluate((el: HTMLElement) => {
    const box = el.getBoundingClientRect()
    return { viewStart: Number(el.dataset.viewStart), msPerPx: Number(el.dataset.msPerPx), cueTop: Number(el.dataset.cueTop), cueHeight: Number(el.dataset.cueHeight), left: box.left, top: box.top, width: box.width }
  })
  return { ...g, x: (ms: number) => g.left + (ms - g.viewStart) / g.msPerPx, y: g.top + g.cueTop + g.cueHeight / 2 }
}

/** Moves the video (and so the timeline) to `ms`, paused; the timeline centres it. */
async function showMoment(page: Page, ms: number) {
  await expect.poll(() => page.getByTestId('video').evaluate((node: HTMLVideoElement) => node.readyState)).toBeGreaterThan(0)
  await page.getByTestId('video').evaluate((node: HTMLVideoElement, seconds) => {
    node.pause()
    node.currentTime = seconds
  }, ms / 1000)
  await expect.poll(() => page.getByTestId('video').evaluate((node: HTMLVideoElement) => !node.seeking && node.readyState >= 2)).toBe(true)
  // The picture, not the player's spinner, for the screenshots (a paused video may stop short of it).
  await page.getByTestId('video').evaluate((node: HTMLVideoElement) => node.readyState >= 3 || new Promise((resolve) => { node.addEventListener('canplay', resolve, { once: true }); setTimeout(resolve, 3000) }))
  await expect.poll(async () => {
    const g = await timelineGeometry(page)
    return ms > g.viewStart + 2000 && ms < g.viewStart + g.width * g.msPerPx - 2000
  }).toBe(true)
}

async function drag(page: Page, fromX: number, toX: number, y: number, screenshot?: string) {
  await page.mouse.move(fromX, y)
  await page.mouse.down()
  await page.mouse.move(fromX + (toX - fromX) / 3, y, { steps: 4 })
  await page.mouse.move(toX, y, { steps: 8 })
  if (screenshot) await page.getByTestId('timeline').screenshot({ path: screenshot })
  await page.mouse.up()
}

test('the timeline: waveform, shot changes kept with the task, blocks and edges dragged with snapping, undo', async ({ page }) => {
  test.setTimeout(360_000)
  await page.setViewportSize({ width: 1280, height: 800 })
  creator = await newCreator(500)
  await signIn(page, creator)
  await pickRecording(page, video, { spoken: '英语', timeoutMs: 150_000 })
  await expect(page.getByTestId('upload-submit')).toHaveText('开始转写')
  await page.getByTestId('upload-submit').click()
  await expect(page.getByTestId('upload-dialog')).toBeHidden({ timeout: 15_000 })
  const row = page.getByTestId('task-row').filter({ hasText: path.basename(video) })
  await expect(row.getByTestId('task-status')).toHaveAttribute('data-status', 'completed', { timeout: 180_000 })
  await row.getByTestId('task-edit').click()
  await expect(page).toHaveURL(/\/edit\//)
  taskId = page.url().split('/edit/')[1].split(/[?#]/)[0]
  await editorReady(page)
  await expect(page.getByTestId('segment-row')).toHaveCount(SENTENCES.length)

  // The waveform: kept with the task (measured by the browser that read the sound, or by the server from the recording).
  await page.getByTestId('toolbar-video').click()
  const timeline = page.getByTestId('timeline')
  await expect(timeline).toHaveAttribute('data-waveform', 'ready', { timeout: 30_000 })
  await expect(page.getByTestId('timeline-canvas-host')).toHaveAttribute('data-waveform-drawn', 'true')
  // Sent by the browser: measured by the extraction workers on the sound they decoded for speech.
  const { peaks } = await pageApi<{ peaks: { durationMs: number; source: string } | null }>(page, `/api/tasks/${taskId}/peaks`)
  expect(peaks?.source).toBe('browser')
  expect(Math.abs(peaks!.durationMs - 120_000)).toBeLessThan(200)
  // Before a video is open, the timeline waits for one to find its shot changes.
  await expect(timeline).toHaveAttribute('data-shots', 'waiting')

  // The video opened in the pane: its shot changes found in a worker and kept with the task.
  await page.getByTestId('video-input').setInputFiles(video)
  await expect(timeline).toHaveAttribute('data-shots', 'ready', { timeout: 120_000 })
  const { shotChanges } = await pageApi<{ shotChanges: { cutsMs: number[]; frameRate: number; durationMs: number } }>(page, `/api/tasks/${taskId}/shot-changes`)
  expect(shotChanges.cutsMs).toHaveLength(made.cuts.length)
  made.cuts.forEach((frame, i) => expect(Math.abs(shotChanges.cutsMs[i] - frameMs(frame)), `cut at frame ${frame}`).toBeLessThanOrEqual(frameMs(1)))
  expect(shotChanges.frameRate).toBeCloseTo(FPS, 0)
  await expect(timeline).toHaveAttribute('data-shot-count', String(made.cuts.length))
  await expect(timeline).toHaveAttribute('data-fps', String(shotChanges.frameRate))
  await expect(page.getByTestId('toolbar-snap-shot')).toBeVisible()

  const original = await segmentsOf(page)
  const cueOf = (i: number) => timesOf(original[i])

  // 1. A block dragged by its middle: the cue moves by the dragged time, its start on a frame.
  const fifth = cueOf(4)
  await showMoment(page, fifth.startMs)
  let g = await timelineGeometry(page)
  const fromX = g.x((fifth.startMs + fifth.endMs) / 2)
  const draggedPx = 43
  await drag(page, fromX, fromX + draggedPx, g.y)
  const draggedMs = draggedPx * g.msPerPx
  await expect.poll(async () => timesOf((await segmentsOf(page))[4]).startMs).not.toBe(fifth.startMs)
  const moved = timesOf((await segmentsOf(page))[4])
  expect(Math.abs(moved.startMs - (fifth.startMs + draggedMs)), 'moved by the dragged time').toBeLessThanOrEqual(frameMs(1) / 2 + g.msPerPx)
  expect((moved.startMs * FPS) % 1000, 'on a frame').toBe(0)
  expect(moved.endMs - moved.startMs).toBe(fifth.endMs - fifth.startMs)

  // 2. An in-time dragged near the cut before it lands on the cut.
  const third = cueOf(2)
  const cutBefore = shotChanges.cutsMs.find((c) => c < third.startMs && third.startMs - c < 2000)!
  await showMoment(page, third.startMs)
  g = await timelineGeometry(page)
  // Saved mid-drag for a look: the edge on the cut, the time and "shot change" over it.
  await drag(page, g.x(third.startMs) + 2, g.x(cutBefore) + 4, g.y, test.info().outputPath('timeline-drag-zh-CN.png'))
  await expect.poll(async () => timesOf((await segmentsOf(page))[2]).startMs).toBe(cutBefore)
  expect(timesOf((await segmentsOf(page))[2]).endMs).toBe(third.endMs)

  // 3. An out-time dragged near the cut after it lands 2 frames before the cut.
  const fourth = cueOf(3)
  const cutAfter = shotChanges.cutsMs.find((c) => c > fourth.endMs && c - fourth.endMs < 2500)!
  const outTime = Math.round(((Math.round((cutAfter * FPS) / 1000) - 2) * 1000) / FPS)
  await showMoment(page, fourth.endMs)
  g = await timelineGeometry(page)
  await drag(page, g.x(fourth.endMs) - 2, g.x(outTime) - 4, g.y)
  await expect.poll(async () => timesOf((await segmentsOf(page))[3]).endMs).toBe(outTime)
  expect(timesOf((await segmentsOf(page))[3]).startMs).toBe(fourth.startMs)

  // A double-click on a block selects its row.
  g = await timelineGeometry(page)
  const fourthNow = timesOf((await segmentsOf(page))[3])
  await page.mouse.dblclick(g.x((fourthNow.startMs + fourthNow.endMs) / 2), g.y)
  await expect(page.getByTestId('segment-row').nth(3)).toHaveAttribute('data-selected', 'true')

  // Undo, three times: every time as it was, read back from the server.
  const undo = page.getByTestId('toolbar-undo')
  await undo.click()
  await expect.poll(async () => timesOf((await segmentsOf(page))[3])).toEqual(fourth)
  await undo.click()
  await expect.poll(async () => timesOf((await segmentsOf(page))[2])).toEqual(third)
  await undo.click()
  await expect.poll(async () => timesOf((await segmentsOf(page))[4])).toEqual(fifth)

  // Reopened, the timeline draws what is kept: no second pass over the video.
  await page.reload()
  await editorReady(page)
  await page.getByTestId('toolbar-video').click()
  await expect(timeline).toHaveAttribute('data-waveform', 'ready')
  await expect(timeline).toHaveAttribute('data-shots', 'ready')
  await expect(timeline).toHaveAttribute('data-shot-count', String(made.cuts.length))
})

const LOCALES = [
  { locale: 'zh-CN', prefix: '' },
  { locale: 'en-US', prefix: '/en-US' },
  { locale: 'ja-JP', prefix: '/ja-JP' },
] as const

const SIZES = [
  { name: '1280x800', width: 1280, height: 800 },
  { name: '1920x1080', width: 1920, height: 1080 },
] as const

const INTERVIEW = [
  'Thanks for having me.',
  'So where did the idea for the film come from?',
  'Honestly, it started with a photograph my grandmother kept in a drawer for forty years.',
  'A photograph of what?',
  'Of the river, before the dam.',
  'The whole valley was different then.',
  'We spent two winters just listening to the people who remember it.',
  'Was it hard to get them to talk?',
  'Not at all. They had been waiting for someone to ask.',
  'And the music?',
  'All recorded on location, mostly at night.',
  'You can hear the water in almost every track.',
]
const pad = (n: number, size = 2) => String(n).padStart(size, '0')
const stamp = (ms: number) => `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)},${pad(ms % 1000, 3)}`
/** 44 cues over the 2 minutes, two speakers taking turns: a screen as dense as a real interview's. */
const SCREEN_SRT = Array.from({ length: 44 }, (_, i) => {
  const start = 600 + i * 2700
  const end = start + 1400 + ((i * 370) % 1000)
  return `${i + 1}\n${stamp(start)} --> ${stamp(end)}\n${INTERVIEW[i % INTERVIEW.length]}\n`
}).join('\n')

test('the editor with its timeline, in three languages, light and dark, at 1280x800 and 1920x1080', async ({ page }) => {
  test.setTimeout(360_000)
  test.skip(!creator, 'needs the creator of the first test')
  await page.setViewportSize({ width: 1280, height: 800 })
  await signIn(page, creator)
  const screenTask = await completedTranslation(page, SCREEN_SRT, `interview-${Date.now()}.srt`)
  // Who speaks each line, as a diarizing transcription stores it (the shared server runs without one).
  const env = JSON.parse(await readFile(path.resolve('.data/e2e-env.json'), 'utf8')) as { DATABASE_URL: string }
  const db = new pg.Client({ connectionString: env.DATABASE_URL })
  await db.connect()
  try {
    await db.query(`UPDATE "Segment" SET "speakers" = CASE WHEN "index" % 4 IN (0, 1) THEN ARRAY['S1'] ELSE ARRAY['S2'] END WHERE "taskId" = $1`, [screenTask])
  } finally {
    await db.end()
  }
  // One line too long to read in its time: flagged in its row and on its block.
  await pageApi(page, `/api/tasks/${screenTask}/segments/15`, { method: 'PATCH', body: { translatedText: "[fr] Honnêtement, tout a commencé avec une photographie que ma grand-mère a gardée dans un tiroir pendant quarante ans." } })
  // This task's sound was never read: the video opened in the pane gives its waveform and its shot changes, kept with it.
  await page.goto(`${E2E.cnUrl}/edit/${screenTask}`)
  await editorReady(page)
  await page.getByTestId('toolbar-video').click()
  // A subtitle file's task without media: the timeline, without a waveform, until a video is opened.
  const timeline = page.getByTestId('timeline')
  await expect(timeline).toHaveAttribute('data-waveform', 'none')
  await expect(page.getByTestId('timeline-status')).toContainText('没有可显示的音频')
  await page.getByTestId('video-input').setInputFiles(video)
  await expect(timeline).toHaveAttribute('data-waveform', 'ready', { timeout: 60_000 })
  await expect(timeline).toHaveAttribute('data-shots', 'ready', { timeout: 120_000 })
  expect((await pageApi<{ peaks: { source: string } | null }>(page, `/api/tasks/${screenTask}/peaks`)).peaks?.source).toBe('browser')

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const { locale, prefix } of LOCALES) {
      for (const size of SIZES) {
        await page.setViewportSize({ width: size.width, height: size.height })
        await page.goto(`${E2E.cnUrl}${prefix}/edit/${screenTask}`)
        await editorReady(page)
        await page.getByTestId('toolbar-video').click()
        await page.getByTestId('video-input').setInputFiles(video)
        await expect(timeline).toHaveAttribute('data-shots', 'ready')
        await expect(page.getByTestId('timeline-canvas-host')).toHaveAttribute('data-waveform-drawn', 'true')
        // A row active, the moment of its cue shown, a block under the pointer (its handles drawn).
        await page.getByTestId('segment-row').nth(12).getByTestId('segment-seek').click()
        await showMoment(page, 33_600)
        const g = await timelineGeometry(page)
        const cue = timesOf((await segmentsOf(page, screenTask))[13])
        await page.mouse.move(g.x((cue.startMs + cue.endMs) / 2), g.y)
        // Nothing sticks out sideways.
        expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= document.scrollingElement!.clientWidth)).toBe(true)
        await page.screenshot({ path: test.info().outputPath(`timeline-${locale}-${scheme}-${size.name}.png`) })
      }
    }
  }
})
