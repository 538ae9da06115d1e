// Dubbing benchmark, server side: a 60-minute task of 800 lines (two speakers taking turns) is
// spoken by the text-to-speech fake answering each request in 400 ms (espeak-ng does the speaking,
// in the fake's own process), fitted to the cues, written into the voices track, and mixed over a
// 60-minute recording (a tone under noise, Opus as a browser sends it), then both tracks encoded to
// M4A and stored with their WAVs (local storage in a temp folder: lib/dub storeTrack, as a dub's run
// stores them). Prints, per run and as the median of the runs: requests; speaking wall time against
// the floor phrases / concurrency × 400 ms (goal within 1.3x); the fitting work (local decoding and
// stretching) beside it; mixing time; encoding and storing time; the process's peak RSS above its
// start, storing included (sampled every 2 ms from a worker thread; goal +200 MB at most); and the share of lines at each speed
// (goal: at least 98% between 1.0 and 1.2, none above 1.3).
// Usage: npm run bench:dub  (BENCH_RUNS, default 3; BENCH_MINUTES, default 60; BENCH_LINES, default 800; BENCH_CONCURRENCY, default 4)
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { allowServerOnly, gc, mb, startSampler } from './support/in-process'
import { runMain } from './support/app'

allowServerOnly()

const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const MINUTES = Number(process.env.BENCH_MINUTES ?? 60)
const LINES = Number(process.env.BENCH_LINES ?? 800)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4)
const ANSWER_MS = 400
const KEY = 'sk-bench-tts'

// Sentences of the length subtitles have (30 to 60 characters), said in turn by two speakers.
const WORDS = 'river bridge morning water village mayor spring summer garden window kitchen market station winter letter friend story'.split(' ')
function lineText(i: number): string {
  const words: string[] = []
  for (let k = 0; words.join(' ').length < 30 + ((i * 7) % 30); k++) words.push(WORDS[(i * 3 + k * 5) % WORDS.length])
  return `${words.join(' ')}.`.replace(/^./, (c) => c.toUpperCase())
}

async function startFakeProcess() {
  const script = `import { startTtsFake } from './fakes/tts.ts'
    const s = await startTtsFake({ apiKey: '${KEY}', delayMs: ${ANSWER_MS} })
    console.log('URL ' + s.url)`
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] })
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`text-to-speech fake exited with ${code}`)))
    child.stdout.on('data', (d: Buffer) => {
      const found = /URL (\S+)/.exec(d.toString())
      if (found) resolve(found[1])
    })
  })
  return { url, stop: () => child.kill() }
}

type RunFigures = { requests: number; phrases: number; speakS: number; floorS: number; mixS: number; storeS: number; peakMb: number; upTo12: number; upTo13: number; above13: number; flagged: number }

async function oneRun(url: string, original: string, work: string): Promise<RunFigures> {
  const { assignVoices, createTtsProvider, mixUnderVoices, planPhrases, speakPhrases, storeTrack } = await import('@/lib/dub')
  const { createLocalStorage } = await import('@/lib/storage')
  const storage = createLocalStorage({ dir: path.join(work, 'storage') })
  const totalMs = MINUTES * 60_000
  const step = totalMs / LINES
  const lines = Array.from({ length: LINES }, (_, i) => ({ id: i + 1, startMs: Math.round(i * step), endMs: Math.round(i * step + step * 0.8), text: lineText(i), sourceText: lineText(i), speaker: i % 2 === 0 ? 'S1' : 'S2' }))
  let requests = 0
  const base = createTtsProvider({ baseUrl: `${url}/v1`, apiKey: KEY, model: 'tts-1' })
  const provider = { ...base, speak: (r: Parameters<typeof base.speak>[0]) => (requests++, base.speak(r)) }
  const phrases = planPhrases(lines, { mediaEndMs: totalMs })
  const voices = assignVoices(phrases.map((p) => p.speaker), provider.voices)
  gc()
  const sampler = startSampler()
  const baseline = await sampler.reset()
  const trackFile = path.join(work, 'voices.wav')
  const started = performance.now()
  const outcomes = await speakPhrases({ phrases, voices, provider, trackFile, totalMs, concurrency: CONCURRENCY })
  const speakS = (performance.now() - started) / 1000
  const mixStarted = performance.now()
  const mixFile = path.join(work, 'mix.wav')
  await mixUnderVoices({ originalFile: original, dubTrackFile: trackFile, spans: outcomes.map((o) => ({ startMs: o.startMs, endMs: o.startMs + o.spokenMs })), outFile: mixFile })
  const mixS = (performance.now() - mixStarted) / 1000
  const storeStarted = performance.now()
  await storeTrack({ storage, wavFile: trackFile, m4aKey: 'dubs/bench/voices.m4a', wavKey: 'dubs/bench/voices.wav' })
  await storeTrack({ storage, wavFile: mixFile, m4aKey: 'dubs/bench/mix.m4a', wavKey: 'dubs/bench/mix.wav' })
  const storeS = (performance.now() - storeStarted) / 1000
  const peak = await sampler.peak()
  await sampler.stop()
  const factors = outcomes.flatMap((o) => o.lineIds.map(() => o.speed * o.tempo))
  const share = (test: (f: number) => boolean) => +((100 * factors.filter(test).length) / factors.length).toFixed(1)
  return {
    requests, phrases: phrases.length, speakS: +speakS.toFixed(1), floorS: +((phrases.length / CONCURRENCY) * (ANSWER_MS / 1000)).toFixed(1), mixS: +mixS.toFixed(1), storeS: +storeS.toFixed(1), peakMb: mb(peak - baseline),
    upTo12: share((f) => f >= 1 && f <= 1.2), upTo13: share((f) => f > 1.2 && f <= 1.3), above13: share((f) => f > 1.3 + 1e-9), flagged: outcomes.filter((o) => o.flag).length,
  }
}

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), 'ss-bench-dub-'))
  const fake = await startFakeProcess()
  try {
    const { ffmpegPath, runTool } = await import('@/lib/media')
    const original = path.join(work, 'original.ogg')
    await runTool(await ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `aevalsrc=0.05*sin(2*PI*220*t)+0.01*(random(0)-0.5):s=48000:d=${MINUTES * 60}`, '-c:a', 'libopus', '-b:a', '32k', '-ac', '1', original])
    const runs: RunFigures[] = []
    for (let i = 0; i < RUNS; i++) {
      const figures = await oneRun(fake.url, original, work)
      runs.push(figures)
      console.log(`run ${i + 1}: ${JSON.stringify(figures)}`)
    }
    const m = (key: keyof RunFigures) => median(runs.map((r) => r[key]))
    console.log(`\ndub of ${MINUTES} min, ${LINES} lines, ${m('phrases')} phrases, ${CONCURRENCY} requests at once, each answered in ${ANSWER_MS} ms (median of ${RUNS}):`)
    console.log(`  requests                ${m('requests')}`)
    console.log(`  speaking (wall)         ${m('speakS')} s, floor ${m('floorS')} s: ${(m('speakS') / m('floorS')).toFixed(2)}x (goal ≤ 1.30x)`)
    console.log(`  mixing                  ${m('mixS')} s`)
    console.log(`  encoding and storing    ${m('storeS')} s (both tracks: M4A from ffmpeg, then M4A and WAV sent from disk)`)
    console.log(`  peak RSS above start    ${m('peakMb')} MB, storing included (goal ≤ 200 MB)`)
    console.log(`  lines at 1.0–1.2x       ${m('upTo12')}% (goal ≥ 98%), 1.2–1.3x ${m('upTo13')}%, above 1.3x ${m('above13')}% (goal 0), flagged phrases ${m('flagged')}`)
  } finally {
    fake.stop()
    rmSync(work, { recursive: true, force: true })
  }
}

runMain(main)
