// A picked video to translated, reviewed subtitles (issue 31), end to end in Chromium against the
// production server and the fakes (speech to text answering in 2 s a chunk, DeepSeek in 0.5 s a
// request, the review pass on where the dialog offers it). The video is 60 minutes, about 1 GB,
// with speech every 30 s (bench/pipeline/video.ts, written once and cached). Each run opens the
// upload dialog, picks the file, chooses English → Japanese and submits as soon as it can, then
// prints, from the moment the file was picked: the first speech-to-text request, all cues stored,
// all translations and reviews done (the task completed); the extraction alone (until the browser
// has read the whole file); the bytes the page uploaded; the longest main-thread task while
// extracting; and the server's peak memory (its process tree with ffmpeg, proportional set sizes,
// sampled every 50 ms) over its size before the pick. Each figure is the median of its own values
// over BENCH_RUNS runs (the tail too: each run's time from the file read to done). Every run starts
// with the creator's translation memory empty, as the first does. Each run also prints its tail,
// step by step after the file was read (bench/pipeline/timeline.ts).
//
// Tracing the main thread: BENCH_TRACE=/tmp/trace.json records the first run in Chromium's tracing
// (devtools.timeline and the V8 sampler) from the pick to the end of extraction, and prints each
// main-thread task over 50 ms with the events and functions inside it (bench/pipeline/long-tasks.ts;
// the file also opens in chrome://tracing or the DevTools Performance panel). Tracing slows the page.
//
// The server runs in a session of its own, as a deployed one does: on Linux (autogroup scheduling)
// the two cores are then shared between the browser and the server, not among their threads, of
// which Chromium's extraction has many. BENCH_SAME_SESSION=1 starts it in the bench's session.
//
// Usage: npm run build && npm run bench:pipeline   (E2E_PORT, default 3160; BENCH_MINUTES, default 60;
// BENCH_VIDEO_MB, default 1024; BENCH_RUNS, default 3; BENCH_SAME_SESSION; DATABASE_URL's server, or
// an embedded one)
import type { Page } from 'playwright'
import { requireBuild, sleep } from './support/app'
import { launchChromium, median, signedInRuns } from './support/browser'
import { readFigures, PROBE_SCRIPT, type PageFigures } from './pipeline/probe'
import { CREATOR, startBenchServer, type BenchServer } from './pipeline/server'
import { explainLongTasks } from './pipeline/long-tasks'
import { tailDetail, tailTimeline, watchChunks, type TailInput } from './pipeline/timeline'
import { benchVideo } from './pipeline/video'

const PORT = Number(process.env.E2E_PORT ?? 3160)
const MINUTES = Number(process.env.BENCH_MINUTES ?? 60)
const VIDEO_MB = Number(process.env.BENCH_VIDEO_MB ?? 1024)
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const MB = 1024 * 1024

type Run = { firstRequestS: number; cuesS: number; doneS: number; extractionS: number; tailS: number; uploadedMB: number; longestTaskMs: number; peakMB: number; deltaMB: number; review: boolean }

const seconds = (ms: number) => +(ms / 1000).toFixed(2)

/** The task a run created (the newest of the creator's), once it exists. */
async function newestTask(after: Date) {
  const { db } = await import('@/lib/db')
  for (;;) {
    const task = await db.task.findFirst({ where: { submitTime: { gte: after } }, orderBy: { submitTime: 'desc' }, select: { id: true } })
    if (task) return task.id
    await sleep(50)
  }
}

/** With BENCH_TRACE=file.json, the first run records a Chromium trace from the pick to the end of extraction. */
const TRACE = process.env.BENCH_TRACE
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.frame', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'blink.user_timing', 'toplevel']

async function oneRun(page: Page, server: BenchServer, video: string, pageBase: string, trace?: string): Promise<Run> {
  const { db } = await import('@/lib/db')
  // Every run starts as the first does, with nothing in the creator's translation memory: the
  // lines an earlier run stored would be taken from it and reviewed after the last chunk instead.
  await db.memoryEntry.deleteMany({ where: { user: { email: CREATOR.email } } })
  await page.goto(`${pageBase}/dashboard`)
  await page.getByTestId('open-upload').first().click()
  let peak = 0
  const baseline = server.rss()
  const sampler = setInterval(() => (peak = Math.max(peak, server.rss())), 50)
  if (trace) await page.context().browser()!.startTracing(page, { path: trace, categories: TRACE_CATEGORIES })
  const startedAt = new Date()
  await page.getByTestId('upload-input').setInputFiles(video)
  await page.getByTestId('recording-source').click()
  await page.getByRole('option', { name: 'English', exact: true }).click()
  await page.getByTestId('recording-target').click()
  await page.getByRole('option', { name: 'Translated into Japanese', exact: true }).click()
  // The dialog renders a language picked as a transition: its translation options follow the select's closing.
  await page.getByTestId('recording-translation-options').waitFor()
  const review = page.getByTestId('recording-review')
  const hasReview = (await review.count()) > 0
  if (hasReview) await review.check()
  const submit = page.getByTestId('upload-submit')
  await submit.waitFor()
  while (!(await submit.isEnabled())) await sleep(20)
  await submit.click()
  const taskId = await newestTask(startedAt)
  const chunks = watchChunks(taskId)
  if (trace) {
    await page.waitForFunction(() => (window as unknown as { __bench: { markedAt: number | null } }).__bench.markedAt !== null, null, { timeout: 600_000, polling: 200 })
    await page.context().browser()!.stopTracing()
    console.log(`trace written to ${trace}; its long tasks between the pick and the end of extraction:`)
    for (const line of explainLongTasks(trace, { overMs: 50 })) console.log(line)
  }
  let cuesAt = 0
  for (;;) {
    const task = await db.task.findUniqueOrThrow({ where: { id: taskId }, select: { stage: true, status: true } })
    if (!cuesAt && task.stage !== 'transcribing') cuesAt = Date.now()
    if (task.status === 'completed') break
    if (task.status !== 'translating') throw new Error(`the task ended ${task.status}`)
    await sleep(50)
  }
  const doneAt = Date.now()
  clearInterval(sampler)
  const figures = (await page.evaluate(readFigures)) as PageFigures
  const picked = figures.pickedAt ?? startedAt.getTime()
  const extracted = figures.extractedAt ?? doneAt
  const parts = await db.audioPart.findMany({ where: { taskId }, select: { completedAt: true } })
  const tailInput: TailInput = {
    pickedAt: picked,
    extractedAt: extracted,
    patches: figures.patches,
    partsCompletedAt: parts.map((p) => p.completedAt?.getTime() ?? NaN),
    chunks: await chunks.stop(),
    stt: server.sttLog(),
    deepseek: server.deepseekLog(),
    logs: server.logs(),
    cuesStoredAt: cuesAt,
    doneAt,
  }
  console.log('after the file was read (s):')
  console.table(tailTimeline(tailInput))
  if (process.env.BENCH_DETAIL) {
    for (const [name, rows] of Object.entries(tailDetail(tailInput))) {
      console.log(name)
      console.table(rows)
    }
    console.log('long animation frames while extracting (s after the pick; the scripts in each)')
    for (const f of figures.longFrames.filter((f) => f.at >= picked && f.at <= extracted)) {
      console.log(`  ${seconds(f.at - picked)} s: ${f.ms} ms (blocking ${f.blockingMs}, rendering ${f.renderMs})`)
      for (const x of f.scripts) console.log(`    ${x.ms} ms  ${x.invoker} → ${x.fn || '(anonymous)'} ${x.url}`)
    }
  }
  const firstRequest = Math.min(...server.sttRequests().filter((at) => at >= picked))
  const longest = Math.max(0, ...figures.longTasks.filter((t) => t.at >= picked && t.at <= extracted).map((t) => t.ms))
  return {
    firstRequestS: seconds(firstRequest - picked),
    cuesS: seconds(cuesAt - picked),
    doneS: seconds(doneAt - picked),
    extractionS: seconds(extracted - picked),
    tailS: seconds(doneAt - extracted),
    uploadedMB: +(figures.uploaded / MB).toFixed(2),
    longestTaskMs: Math.round(longest),
    peakMB: +(peak / MB).toFixed(0),
    deltaMB: +((peak - baseline) / MB).toFixed(0),
    review: hasReview,
  }
}

async function main() {
  requireBuild()
  const video = await benchVideo({ minutes: MINUTES, megabytes: VIDEO_MB })
  const server = await startBenchServer({ port: PORT, sttMs: 2000, deepseekMs: 500, sameSession: process.env.BENCH_SAME_SESSION === '1' })
  const browser = await launchChromium()
  try {
    // The international host: English labels; *.localhost is a secure context, which WebCodecs needs.
    const pageBase = `http://intl.localhost:${PORT}`
    const context = await browser.newContext()
    await context.addInitScript(PROBE_SCRIPT)
    const runs = await signedInRuns(context, { base: pageBase, creator: CREATOR, count: RUNS, oneRun: (page, i) => oneRun(page, server, video, pageBase, i === 0 ? TRACE : undefined) })
    const pick = (key: keyof Omit<Run, 'review'>) => median(runs.map((r) => r[key]))
    console.log(`\n${MINUTES}-minute video, ${VIDEO_MB} MB; speech to text 2 s a chunk, DeepSeek 0.5 s a request; review ${runs[0].review ? 'on' : 'not offered for recordings'}; median of ${runs.length}`)
    console.table({
      'pick → first provider request (s)': pick('firstRequestS'),
      'pick → all cues (s)': pick('cuesS'),
      'pick → all translated and reviewed (s)': pick('doneS'),
      'extraction alone (s)': pick('extractionS'),
      'after the file was read → done (s)': pick('tailS'),
      'bytes uploaded (MB)': pick('uploadedMB'),
      'longest main-thread task while extracting (ms)': pick('longestTaskMs'),
      'server peak memory, PSS (MB)': pick('peakMB'),
      'server peak over its idle memory (MB)': pick('deltaMB'),
    })
  } finally {
    await browser.close()
    await server.stop()
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error)
    process.exit(1)
  },
)
