// Speech-to-subtitles benchmark, server side: a 60-minute recording of real speech (espeak-ng
// sentences every 30 s), compressed as the browser sends it (mono Opus, 16 kbit/s), goes through
// the real route handlers (transcribe/estimate streams it to disk, transcribe takes its uploadId)
// and is transcribed by the worker's run against the speech-to-text fake answering in 2 s per
// chunk. Prints bytes uploaded, the process's peak RSS over the upload and the run (sampled every
// 2 ms from a worker thread; target at most +200 MB), chunks, wall time and its ratio to the floor
// ceil(chunks / concurrency) × 2 s. The browser's extraction time (Chromium, a 1 GB video) is
// measured by the browser part of this benchmark, not here.
// Usage: node --expose-gc --import tsx bench/transcribe.ts  (BENCH_ADMIN_URL, default postgresql://postgres@127.0.0.1:5432/postgres;
// BENCH_MINUTES, default 60; BENCH_CONCURRENCY, default 4)
import { spawn } from 'node:child_process'
import { existsSync, openAsBlob, renameSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { allowServerOnly, benchCreator, mb, MB, startSampler, withScratch } from './support/in-process'
import { runMain } from './support/app'

allowServerOnly()

const TARGET_MB = 200
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres'
const MINUTES = Number(process.env.BENCH_MINUTES ?? 60)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4)
const ANSWER_MS = 2000

/** The speech-to-text fake in a child process; it logs each request's send and answer times. */
async function startFakeProcess(delayMs: number) {
  const script = `import { startSttFake } from './fakes/stt.ts'
    const s = await startSttFake({ apiKey: 'sk-bench-stt', delayMs: ${delayMs} })
    console.log('URL ' + s.url)
    setInterval(() => console.log('CALLS ' + JSON.stringify(s.stats.log.map((r) => ({ at: r.at, answeredAt: r.answeredAt })))), 200)`
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] })
  let calls: { at: number; answeredAt: number }[] = []
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`speech-to-text fake exited with ${code}`)))
    let buffered = ''
    child.stdout.on('data', (d: Buffer) => {
      buffered += d.toString()
      const lines = buffered.split('\n')
      buffered = lines.pop() ?? ''
      for (const line of lines) {
        if (line.startsWith('URL ')) resolve(line.slice(4))
        if (line.startsWith('CALLS ')) calls = JSON.parse(line.slice(6))
      }
    })
  })
  return {
    url,
    calls: () => calls.filter((c) => c.answeredAt),
    stop: () => child.kill(),
  }
}


async function main() {
  await withScratch(ADMIN_URL, 'ss-bench-stt-', async (work) => {
    const { makeRecording } = await import('@/test/speech-audio')
    const { ffmpegPath, runTool } = await import('@/lib/media')
    const wav = path.join(work, 'talk.wav')
    // Encoding an hour of Opus takes minutes on a busy machine: the recording is kept between runs.
    const opus = path.join(tmpdir(), `ss-bench-talk-${MINUTES}min.ogg`)
    const sentences = Array.from({ length: MINUTES * 2 }, (_, i) => ({ text: `This is sentence number ${i + 1} of the benchmark.`, atMs: i * 30_000 + 2000 }))
    if (!existsSync(opus)) {
      await makeRecording({ sentences, totalMs: MINUTES * 60_000, file: wav, format: 'wav', wavRate: 16_000 })
      await runTool(await ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-y', '-i', wav, '-ac', '1', '-c:a', 'libopus', '-b:a', '16k', '-f', 'ogg', `${opus}.part`])
      renameSync(`${opus}.part`, opus)
      rmSync(wav)
    }

    // The fake decodes every chunk it is sent: it runs in a process of its own, so the peak
    // measured here is the server's alone.
    const stt = await startFakeProcess(ANSWER_MS)
    const { startDeepSeekFake } = await import('@/fakes/deepseek')
    const deepseek = await startDeepSeekFake({ apiKey: 'sk-bench' })
    Object.assign(process.env, {
      STORAGE_DIR: path.join(work, 'storage'),
      DEEPSEEK_API_KEY: 'sk-bench', DEEPSEEK_BASE_URL: deepseek.url, STT_API_KEY: 'sk-bench-stt', STT_BASE_URL: stt.url, STT_CONCURRENCY: String(CONCURRENCY),
    })
    const { NextRequest } = await import('next/server')
    const { db } = await import('@/lib/db')
    const { POST: estimateRoute } = await import('@/app/api/tasks/transcribe/estimate/route')
    const { POST: transcribeRoute } = await import('@/app/api/tasks/transcribe/route')
    const { runTask } = await import('@/lib/tasks')
    const { stopBoss } = await import('@/lib/jobs')

    const { token } = await benchCreator()
    const headers = { authorization: `Bearer ${token}`, 'x-locale': 'en-US' }
    const send = async (route: (req: InstanceType<typeof NextRequest>, context: { params: Promise<Record<string, string>> }) => Promise<Response>, pathname: string, form: FormData) => {
      const res = await route(new NextRequest(`http://localhost:3000${pathname}`, { method: 'POST', body: form, headers }), { params: Promise.resolve({}) })
      const answer = (await res.json()) as { code: number; msg: string; data: Record<string, unknown> }
      if (answer.code !== 20000) throw new Error(`${pathname}: ${answer.msg}`)
      return answer.data
    }

    const bytes = statSync(opus).size
    const sampler = startSampler()
    const baseline = await sampler.baseline()
    const t0 = performance.now()
    const estimateForm = new FormData()
    estimateForm.append('file', await openAsBlob(opus), 'talk.ogg')
    const estimate = await send(estimateRoute, '/api/tasks/transcribe/estimate', estimateForm)
    const createForm = new FormData()
    createForm.append('uploadId', String(estimate.uploadId))
    createForm.append('sourceLanguage', 'en')
    const task = await send(transcribeRoute, '/api/tasks/transcribe', createForm)
    const uploadMs = performance.now() - t0
    const t1 = performance.now()
    const outcome = await runTask({ taskId: String(task.id) })
    const runMs = performance.now() - t1
    await new Promise((r) => setTimeout(r, 500))
    const log = (await (await fetch(`${stt.url}/__stats`)).json()) as { requests: number }
    const calls = stt.calls()
    const peak = await sampler.peak()
    await sampler.stop()
    if (outcome !== 'completed') throw new Error(`transcription ${outcome}`)
    const done = await db.task.findUniqueOrThrow({ where: { id: String(task.id) } })
    const segments = await db.segment.count({ where: { taskId: done.id } })
    const chunks = done.chunksTotal ?? 0
    const floorMs = Math.ceil(chunks / CONCURRENCY) * ANSWER_MS
    // From the first chunk sent to the last answer: the part the floor describes (the rest is
    // reading the recording and finding its silences once, and building the cues).
    const sttMs = calls.length > 0 ? Math.max(...calls.map((c) => c.answeredAt)) - Math.min(...calls.map((c) => c.at)) : 0
    console.table([
      {
        minutes: MINUTES,
        uploadedMB: mb(bytes),
        'estimate+create ms': Math.round(uploadMs),
        chunks,
        concurrency: CONCURRENCY,
        requests: log.requests,
        'transcribe ms': Math.round(runMs),
        'chunks sent→answered ms': Math.round(sttMs),
        'floor ms': floorMs,
        'ratio (chunks)': +(sttMs / floorMs).toFixed(2),
        'ratio (whole run)': +(runMs / floorMs).toFixed(2),
        cues: segments,
        sentences: sentences.length,
        baselineMB: mb(baseline),
        peakMB: mb(peak),
        deltaMB: mb(peak - baseline),
      },
    ])
    console.log(`server peak RSS +${mb(peak - baseline)} MB (${peak - baseline < TARGET_MB * MB ? 'within' : 'OVER'} the ${TARGET_MB} MB target); extraction in Chromium: the browser part of this benchmark`)
    await stopBoss({ timeoutMs: 2000 })
    stt.stop()
    await deepseek.close()
    await db.$disconnect()
  })
}

runMain(main)
