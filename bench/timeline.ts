// The editor's timeline (issue 38) in Chromium against the production server: a 60-minute 1080p
// video (H.264 at 25 fps, a cut every few seconds, sound; written with ffmpeg once and kept under
// the system's temp folder) and a task of 2,000 cues. Each run makes a new task, opens its editor,
// opens the video in the pane and prints:
//   - first open → first waveform drawn: from the file picked to the first waveform on the canvas
//     (measured in the peaks worker, drawn as it grows);
//   - shot detection: from the file picked to the shot changes kept with the task, its speed against
//     real time (goal: at least 10x), and the longest main-thread task meanwhile (it runs in a
//     worker, as the waveform does);
//   - reopen → first waveform drawn: the editor loaded again (its peaks kept with the task), from
//     the navigation to the first waveform on the canvas, the Video button pressed once the editor
//     has hydrated (goal: within 3 s);
//   - the longest animation frame while dragging a block for 5 s (the video's picture loaded), and
//     while the video plays for 10 s from a point already sought to, with the timeline following it (zoomed to a few seconds across, so it turns pages), the
//     rows' list following too (as the editor opens) and then not ("Follow playback" off): Long
//     Animation Frames over 50 ms (goal: none; the Long Animation Frames API reports only those),
//     the longest frame-to-frame interval, and the timeline's own longest draw (the page's
//     `window.__timelineDraws` hears each one). BENCH_DETAIL=1 prints each long frame's scripts.
// Each figure is the median over BENCH_RUNS runs.
//
// Usage: npm run build && npm run bench:timeline   (E2E_PORT, default 3170; BENCH_MINUTES, default
// 60; BENCH_RUNS, default 3; BENCH_CUES, default 2000; DATABASE_URL's server, or an embedded one)
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright'
import { freshDatabase, requireBuild, runMain, sleep, startWeb, waitForHealth } from './support/app'
import { launchChromium, median, signedInRuns } from './support/browser'

const PORT = Number(process.env.E2E_PORT ?? 3170)
const MINUTES = Number(process.env.BENCH_MINUTES ?? 60)
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const CUES = Number(process.env.BENCH_CUES ?? 2000)
const CREATOR = { email: 'bench-timeline@example.com', password: 'bench-timeline-1' }
const MB = 1024 * 1024

const round = (ms: number) => Math.round(ms)

function ffmpeg(args: string[]) {
  const run = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: ['ignore', 'ignore', 'pipe'] })
  if (run.status !== 0) throw new Error(`ffmpeg: ${run.stderr.toString()}`)
}

/**
 * The cached 1080p video of `minutes`: a minute of seven scenes cut one after the other (moving
 * patterns, bars, plain colour) with a sound that swells and fades, encoded once (ultrafast, about
 * 1 Mbit/s) and repeated without re-encoding.
 */
function benchVideo(minutes: number): string {
  const dir = path.join(tmpdir(), 'bench-timeline')
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, `cuts-1080p-${minutes}min.mp4`)
  if ((statSync(file, { throwIfNoEntry: false })?.size ?? 0) > 0) return file
  const started = performance.now()
  const piece = path.join(dir, 'piece.mp4')
  const scenes = ['testsrc2', 'smptehdbars', 'rgbtestsrc', 'testsrc2,hue=h=120:s=2,negate', 'color=c=#305090', 'testsrc', 'color=c=#a05030']
  const seconds = [9, 8, 10, 7, 9, 8, 9] // 60 s
  const chains = scenes.map((s, i) => {
    const [name, ...rest] = s.split(',')
    const [kind, options] = name.includes('=') ? [name.slice(0, name.indexOf('=')), name.slice(name.indexOf('=') + 1)] : [name, undefined]
    const args = [options, 'size=1920x1080', 'rate=25', `duration=${seconds[i]}`].filter(Boolean).join(':')
    return `${kind}=${args},${[...rest, 'format=yuv420p', 'setsar=1'].join(',')}[v${i}]`
  })
  const graph = `${chains.join(';')};${scenes.map((_, i) => `[v${i}]`).join('')}concat=n=${scenes.length}:v=1:a=0[v]`
  ffmpeg([
    '-filter_complex', graph,
    '-f', 'lavfi', '-i', "anoisesrc=c=pink:r=48000:a=0.5:d=60,volume='0.15+0.85*abs(sin(2*PI*0.23*t))*gt(sin(2*PI*0.11*t),-0.3)':eval=frame",
    '-map', '[v]', '-map', '0:a', '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '1000k', '-maxrate', '1200k', '-bufsize', '2000k', '-g', '125', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-b:a', '96k', '-ac', '2', '-t', '60', piece,
  ])
  ffmpeg(['-stream_loop', String(minutes - 1), '-i', piece, '-c', 'copy', '-t', String(minutes * 60), '-movflags', '+faststart', file])
  rmSync(piece, { force: true })
  console.log(`wrote ${file} (${(statSync(file).size / MB).toFixed(0)} MB) in ${((performance.now() - started) / 1000).toFixed(0)} s`)
  return file
}

const pad = (n: number, size = 2) => String(n).padStart(size, '0')
const stamp = (ms: number) => `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)},${pad(ms % 1000, 3)}`
const LINES = ["I don't know what you're talking about.", 'We have to leave before the sun goes down.', 'Wait! Did you hear that?', 'The meeting was moved to Thursday.', 'Nobody came so we went home again.']

/** A completed task of CUES translated cues over the video's length, two speakers taking turns. */
async function newTask(userId: string): Promise<string> {
  const { db } = await import('@/lib/db')
  const { newTaskId } = await import('@/lib/tasks/create')
  const id = newTaskId()
  const every = Math.floor((MINUTES * 60_000) / CUES)
  await db.task.create({ data: { id, userId, fileName: 'bench-timeline.srt', originalLanguage: 'en', detectedLanguage: 'en', targetLanguage: 'fr', translationService: 'deepseek', cost: 0, status: 'completed', kind: 'translation' } })
  await db.segment.createMany({
    data: Array.from({ length: CUES }, (_, i) => {
      const start = i * every + 100
      const end = start + Math.round(every * 0.8)
      return { taskId: id, index: i + 1, startTime: stamp(start), endTime: stamp(end), durationMs: end - start, originalText: LINES[i % LINES.length], translatedText: `[fr] ${LINES[i % LINES.length]}`, translatedBy: 'deepseek', speakers: [i % 3 === 0 ? 'S2' : 'S1'] }
    }),
  })
  return id
}

/** In the page from its start: long animation frames, long tasks and every frame's interval. */
const PROBE = `(() => {
  const w = window
  w.__tl = { loafs: [], tasks: [], frames: [], recording: false }
  w.__timelineDraws = []
  try { new PerformanceObserver((l) => { for (const e of l.getEntries()) w.__tl.loafs.push({ at: e.startTime, ms: e.duration, blockingMs: e.blockingDuration, renderMs: e.renderStart ? e.startTime + e.duration - e.renderStart : 0, scripts: (e.scripts || []).map((x) => ({ ms: Math.round(x.duration), invoker: x.invoker, fn: x.sourceFunctionName, url: (x.sourceURL || '').split('/').pop() })) }) }).observe({ type: 'long-animation-frame', buffered: true }) } catch {}
  try { new PerformanceObserver((l) => { for (const e of l.getEntries()) w.__tl.tasks.push({ at: e.startTime, ms: e.duration }) }).observe({ type: 'longtask', buffered: true }) } catch {}
  let last = 0
  const tick = (now) => { if (w.__tl.recording && last) w.__tl.frames.push(now - last); last = now; requestAnimationFrame(tick) }
  requestAnimationFrame(tick)
  document.addEventListener('change', (e) => { if (e.target && e.target.dataset && e.target.dataset.testid === 'video-input') w.__tl.pickedAt = performance.now() }, true)
})()`

type Loaf = { at: number; ms: number; blockingMs: number; renderMs: number; scripts: { ms: number; invoker: string; fn: string; url: string }[] }
type Probe = { loafs: Loaf[]; tasks: { at: number; ms: number }[]; frames: number[]; pickedAt?: number }

/** With BENCH_DETAIL=1: the long animation frames of a window, each with the scripts in it. */
function explain(what: string, loafs: Loaf[], from: number) {
  if (!process.env.BENCH_DETAIL) return
  for (const l of loafs.filter((f) => f.ms > 50)) {
    console.log(`  ${what} +${((l.at - from) / 1000).toFixed(2)} s: ${Math.round(l.ms)} ms (blocking ${Math.round(l.blockingMs)}, rendering ${Math.round(l.renderMs)})`)
    for (const x of l.scripts) console.log(`    ${x.ms} ms  ${x.invoker} → ${x.fn || '(anonymous)'} ${x.url}`)
  }
}
const probe = (page: Page) => page.evaluate(() => (window as unknown as { __tl: Probe }).__tl)
const waveformMark = (page: Page) => page.evaluate(() => performance.getEntriesByName('timeline:waveform')[0]?.startTime ?? null)

async function openEditor(page: Page, base: string, taskId: string) {
  await page.goto(`${base}/edit/${taskId}`)
  await page.locator('[data-testid="segment-list"][data-hydrated="true"]').waitFor({ timeout: 60_000 })
  await page.getByTestId('toolbar-video').click()
  await page.getByTestId('timeline').waitFor()
}

/** Frames over a window of the page's time: Long Animation Frames over 50 ms and the longest frame interval. */
async function framesDuring(page: Page, what: string, work: () => Promise<void>) {
  await page.evaluate(() => {
    const w = window as unknown as { __tl: Probe & { recording: boolean }; __timelineDraws: number[] }
    w.__tl.frames = []
    w.__tl.recording = true
    w.__timelineDraws = []
  })
  const from = await page.evaluate(() => performance.now())
  await work()
  const to = await page.evaluate(() => performance.now())
  await page.evaluate(() => ((window as unknown as { __tl: { recording: boolean } }).__tl.recording = false))
  const seen = await probe(page)
  const loafs = seen.loafs.filter((l) => l.at >= from && l.at <= to)
  explain(what, loafs, from)
  const draws = await page.evaluate(() => (window as unknown as { __timelineDraws: number[] }).__timelineDraws)
  return {
    longestLoafMs: round(Math.max(0, ...loafs.map((l) => l.ms))),
    loafsOver50: loafs.filter((l) => l.ms > 50).length,
    longestFrameMs: round(Math.max(0, ...seen.frames)),
    frames: seen.frames.length,
    /** The timeline's own drawing: the longest frame's and how many frames it drew. */
    longestDrawMs: +Math.max(0, ...draws).toFixed(1),
    draws: draws.length,
  }
}

type Frames = Awaited<ReturnType<typeof framesDuring>>
type Run = { firstWaveformMs: number; shotsMs: number; speed: number; cuts: number; longestTaskMs: number; reopenWaveformMs: number; drag: Frames; play: Frames; playAlone: Frames }

async function oneRun(page: Page, base: string, userId: string, video: string): Promise<Run> {
  const taskId = await newTask(userId)
  // First open: nothing kept with the task; the video picked in the pane.
  await openEditor(page, base, taskId)
  await page.getByTestId('video-input').setInputFiles(video)
  await page.waitForFunction(() => performance.getEntriesByName('timeline:waveform').length > 0, null, { timeout: 300_000, polling: 50 })
  const picked = (await probe(page)).pickedAt!
  const firstWaveformMs = (await waveformMark(page))! - picked
  await page.locator('[data-testid="timeline"][data-shots="ready"]').waitFor({ timeout: 3_600_000 })
  const shotsAt = await page.evaluate(() => performance.now())
  const shotsMs = shotsAt - picked
  const seen = await probe(page)
  const longestTaskMs = Math.max(0, ...seen.tasks.filter((t) => t.at >= picked && t.at <= shotsAt).map((t) => t.ms))
  explain('detecting', seen.loafs.filter((l) => l.at >= picked && l.at <= shotsAt), picked)
  const cuts = Number(await page.getByTestId('timeline').getAttribute('data-shot-count'))
  // The waveform measured meanwhile is kept too.
  await page.locator('[data-testid="timeline"][data-waveform="ready"]').waitFor({ timeout: 600_000 })

  // Reopening: what is kept with the task is drawn without the video.
  await openEditor(page, base, taskId)
  await page.waitForFunction(() => performance.getEntriesByName('timeline:waveform').length > 0, null, { timeout: 60_000, polling: 20 })
  const reopenWaveformMs = (await waveformMark(page))!
  if (process.env.BENCH_DETAIL) {
    const steps = await page.evaluate((id) => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
      const peaks = performance.getEntriesByType('resource').find((e) => e.name.endsWith(`/api/tasks/${id}/peaks`)) as PerformanceResourceTiming | undefined
      return { responseEnd: nav.responseEnd, domInteractive: nav.domInteractive, load: nav.loadEventEnd, peaksRequested: peaks?.startTime, peaksArrived: peaks?.responseEnd, peaksBytes: peaks?.encodedBodySize }
    }, taskId)
    console.log('  reopen (ms after navigation):', JSON.stringify({ ...Object.fromEntries(Object.entries(steps).map(([k, v]) => [k, typeof v === 'number' ? Math.round(v) : v])), waveform: round(reopenWaveformMs) }))
  }

  // Dragging a block for 5 s (the video open again, its shot changes known: the block snaps).
  await page.getByTestId('video-input').setInputFiles(video)
  await page.locator('[data-testid="timeline"][data-shots="ready"]').waitFor()
  // The browser decodes the newly opened video's first 1080p frame in software: that is the video
  // opening, not the drag, so the drag starts once the picture is there and the page has settled.
  await page.getByTestId('video').evaluate((v: HTMLVideoElement) => (v.readyState >= 2 ? null : new Promise((r) => v.addEventListener('loadeddata', r, { once: true }))))
  await sleep(1000)
  const host = page.getByTestId('timeline-canvas-host')
  const g = await host.evaluate((el: HTMLElement) => ({ viewStart: Number(el.dataset.viewStart), msPerPx: Number(el.dataset.msPerPx), cueTop: Number(el.dataset.cueTop), cueHeight: Number(el.dataset.cueHeight), box: el.getBoundingClientRect().toJSON() as DOMRect }))
  const every = Math.floor((MINUTES * 60_000) / CUES)
  const cueMid = 5 * every + 100 + every * 0.4
  const x = g.box.left + (cueMid - g.viewStart) / g.msPerPx
  const y = g.box.top + g.cueTop + g.cueHeight / 2
  const drag = await framesDuring(page, 'dragging', async () => {
    await page.mouse.move(x, y)
    await page.mouse.down()
    const until = Date.now() + 5000
    for (let i = 0; Date.now() < until; i++) await page.mouse.move(x + 120 * Math.sin(i / 12), y, { steps: 1 })
    await page.mouse.up()
  })
  await sleep(500)

  // Playing 10 s with the timeline following, zoomed in to a few seconds across (it turns pages).
  for (let i = 0; i < 3; i++) await page.getByTestId('timeline-zoom-in').click()
  // Each playing window starts at a point already sought to (the browser's software decoding of a
  // 1080p seek, and the list's and timeline's jump there, come before it): what is measured is
  // the timeline and the list following the video as it plays.
  const seekTo = async (seconds: number) => {
    await page.getByTestId('video').evaluate(
      (v: HTMLVideoElement, at) =>
        new Promise((resolve) => {
          v.muted = true
          v.addEventListener('seeked', resolve, { once: true })
          v.currentTime = at
        }),
      seconds,
    )
    await sleep(1000)
  }
  const playTenSeconds = async () => {
    await page.getByTestId('video').evaluate((v: HTMLVideoElement) => v.play())
    await sleep(10_000)
    await page.getByTestId('video').evaluate((v: HTMLVideoElement) => v.pause())
  }
  await seekTo(600)
  const play = await framesDuring(page, 'playing', playTenSeconds)
  // The same with the rows' list not following ("Follow playback" off): the timeline alone follows.
  await page.getByTestId('video-follow').uncheck()
  await seekTo(1200)
  const playAlone = await framesDuring(page, 'playing, the list still', playTenSeconds)
  return { firstWaveformMs: round(firstWaveformMs), shotsMs: round(shotsMs), speed: +((MINUTES * 60_000) / shotsMs).toFixed(1), cuts, longestTaskMs: round(longestTaskMs), reopenWaveformMs: round(reopenWaveformMs), drag, play, playAlone }
}

async function main() {
  requireBuild()
  const video = benchVideo(MINUTES)
  const database = await freshDatabase('ss_bench_timeline')
  const { db } = await import('@/lib/db')
  const { hashPassword } = await import('@/lib/accounts/passwords')
  const { seed } = await import('@/prisma/seed')
  await seed({ withDemo: false })
  const user = await db.user.create({ data: { email: CREATOR.email, name: 'Bench', passwordHash: await hashPassword(CREATOR.password) } })
  const storage = mkdtempSync(path.join(tmpdir(), 'ss-bench-timeline-'))
  const web = startWeb(PORT, { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', DATABASE_URL: database.url, LOG_LEVEL: 'silent', STORAGE_DIR: path.join(storage, 'storage'), UPLOAD_DIR: path.join(storage, 'uploads') }, undefined, { ownSession: true })
  const browser = await launchChromium(['--autoplay-policy=no-user-gesture-required'])
  try {
    await waitForHealth(`http://127.0.0.1:${PORT}`)
    // The international host: English labels; *.localhost is a secure context, which WebCodecs needs.
    const base = `http://intl.localhost:${PORT}`
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    await context.addInitScript(PROBE)
    const runs = await signedInRuns(context, { base, creator: CREATOR, count: RUNS, oneRun: (page) => oneRun(page, base, user.id, video) })
    const pick = (value: (r: Run) => number) => median(runs.map(value))
    console.log(`\n${MINUTES}-minute 1080p video (${(statSync(video).size / MB).toFixed(0)} MB, H.264 25 fps), ${CUES} cues; Chromium, median of ${runs.length}`)
    console.table({
      'first open: file picked → first waveform drawn (ms)': pick((r) => r.firstWaveformMs),
      'reopen: navigation → first waveform drawn (ms; goal ≤ 3000)': pick((r) => r.reopenWaveformMs),
      'shot detection: file picked → kept with the task (s)': +(pick((r) => r.shotsMs) / 1000).toFixed(1),
      'shot detection speed (× real time; goal ≥ 10)': pick((r) => r.speed),
      'shot changes found': pick((r) => r.cuts),
      'longest main-thread task while detecting (ms)': pick((r) => r.longestTaskMs),
      'dragging a block 5 s: longest animation frame (ms; goal ≤ 50)': pick((r) => r.drag.longestLoafMs),
      'dragging: animation frames over 50 ms': pick((r) => r.drag.loafsOver50),
      'dragging: longest frame interval (ms)': pick((r) => r.drag.longestFrameMs),
      "dragging: the timeline's longest draw (ms)": pick((r) => r.drag.longestDrawMs),
      'playing 10 s, timeline and list following: longest animation frame (ms; goal ≤ 50)': pick((r) => r.play.longestLoafMs),
      'playing: animation frames over 50 ms': pick((r) => r.play.loafsOver50),
      'playing: longest frame interval (ms)': pick((r) => r.play.longestFrameMs),
      "playing: the timeline's longest draw (ms)": pick((r) => r.play.longestDrawMs),
      'playing 10 s, the timeline alone following: longest animation frame (ms; goal ≤ 50)': pick((r) => r.playAlone.longestLoafMs),
      'playing, timeline alone: animation frames over 50 ms': pick((r) => r.playAlone.loafsOver50),
      "playing, timeline alone: the timeline's longest draw (ms)": pick((r) => r.playAlone.longestDrawMs),
    })
  } finally {
    await browser.close()
    web.kill('SIGTERM')
    await new Promise((r) => web.once('exit', r))
    await db.$disconnect()
    await database.stop()
    rmSync(storage, { recursive: true, force: true })
  }
}

runMain(main)
