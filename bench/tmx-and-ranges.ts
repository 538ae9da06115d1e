// Does a TMX import or a burst of range requests on a large recording starve the rest, or swell
// the server? Two loads on the production server, each while /api/health is asked every 25 ms and
// the server's resident memory (its process and children) is sampled every 20 ms:
// - TMX: a 100,000-variant import as the audit sent it (one <tu> of 100,000 <tuv>, 3.3 MB), then
//   a 100,000-variant file of 50,000 two-language units (imported whole);
// - ranges: 12 concurrent `Range: bytes=0-1` requests on a 100 MB recording, 10 rounds, then 12
//   concurrent whole downloads of it (with DOWNLOADS=1).
// Prints health p50/p95/max and the peak RSS growth over the idle server for each load, per run and
// the median of RUNS runs (default 3). Targets: health p95 <= 100 ms, RSS growth <= 200 MB.
//
// Usage: npm run build && npm run bench:tmx-ranges   (DATABASE_URL: a PostgreSQL server; default embedded; RUNS=3; DOWNLOADS=1)
import { mkdtempSync, rmSync } from 'node:fs'
import { mkdir, open } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freshDatabase, healthSummary, percentile, probeHealth, requireBuild, runMain, sleep, startWeb, treeRss, waitForHealth } from './support/app'

const PORT = 3922
const BASE = `http://127.0.0.1:${PORT}`
const RUNS = Number(process.env.RUNS ?? 3)
const MB = 1024 * 1024
const RECORDING_BYTES = 100 * MB

/** One unit whose source is English and whose 100,000 variants are French, as in the audit. */
function oneWideUnit(): string {
  const variants = Array.from({ length: 100_000 }, (_, i) => `<tuv xml:lang="fr"><seg>${String(i).padStart(6, '0')}</seg></tuv>`).join('')
  return `<?xml version="1.0" encoding="UTF-8"?><tmx version="1.4"><header srclang="en" datatype="plaintext"/><body><tu><tuv xml:lang="en"><seg>Hello</seg></tuv>${variants}</tu></body></tmx>`
}

/** 50,000 units of an English line and its French translation: 100,000 variants a real tool could write. */
function manyUnits(): string {
  const units = Array.from({ length: 50_000 }, (_, i) => `<tu><tuv xml:lang="en"><seg>Line ${i} of it</seg></tuv><tuv xml:lang="fr"><seg>Ligne ${i}</seg></tuv></tu>`).join('')
  return `<?xml version="1.0" encoding="UTF-8"?><tmx version="1.4"><header srclang="en" datatype="plaintext"/><body>${units}</body></tmx>`
}

type Load = { name: string; run: () => Promise<string> }
type Measured = { name: string; p50: number; p95: number; max: number; rssMb: number; note: string }

/** Runs one load while probing health and sampling the server's memory. */
async function measure(pid: number, load: Load): Promise<Measured> {
  await sleep(500)
  const idle = treeRss(pid)
  let peak = idle
  let isDone = false
  const sampler = setInterval(() => (peak = Math.max(peak, treeRss(pid))), 20)
  const probing = probeHealth(BASE, () => isDone)
  const note = await load.run().finally(() => (isDone = true))
  const times = await probing
  clearInterval(sampler)
  peak = Math.max(peak, treeRss(pid))
  console.log(`  ${load.name.padEnd(44)} health ${healthSummary(times)}; RSS +${((peak - idle) / MB).toFixed(0)} MB (idle ${(idle / MB).toFixed(0)} MB); ${note}`)
  return { name: load.name, p50: percentile(times, 50), p95: percentile(times, 95), max: Math.max(...times), rssMb: (peak - idle) / MB, note }
}

async function main() {
  requireBuild()
  const storageDir = mkdtempSync(path.join(tmpdir(), 'ss-bench-ranges-'))
  const database = await freshDatabase('ss_bench_tmx_ranges')
  const { createUser } = await import('@/lib/accounts/users')
  const { createSession } = await import('@/lib/auth/sessions')
  const { newTaskId } = await import('@/lib/tasks/create')
  const { db } = await import('@/lib/db')
  const web = startWeb(PORT, { ...process.env, NODE_ENV: 'production', WORKER_MODE: 'external', DEEPSEEK_API_KEY: 'unused', FEATURE_POINTS_PURCHASE: 'off', STORAGE_DRIVER: 'local', STORAGE_DIR: storageDir })
  try {
    await waitForHealth(BASE)
    const owner = await createUser({ email: 'ranges@example.com', name: 'Ranges', password: 'ranges-password' })
    const ownerAuth = { authorization: `Bearer ${await createSession({ userId: owner.id })}` }
    // The recording: a 100 MB file in the server's storage (sparse: its bytes are read, not stored).
    const taskId = newTaskId()
    const key = `audio/${taskId}.ogg`
    await mkdir(path.join(storageDir, 'audio'), { recursive: true })
    const file = await open(path.join(storageDir, key), 'w')
    await file.truncate(RECORDING_BYTES)
    await file.close()
    await db.task.create({ data: { id: taskId, userId: owner.id, fileName: 'talk.ogg', originalLanguage: 'en', detectedLanguage: 'en', targetLanguage: 'en', translationService: 'deepseek', cost: 0, status: 'completed', kind: 'transcription', audioKey: key } })
    const audioUrl = `${BASE}/api/tasks/${taskId}/audio`

    const wide = oneWideUnit()
    const many = manyUnits()
    let importer = 0
    const importTmx = async (text: string) => {
      // A new user each time: imports are rate-limited per user, and each starts from an empty memory.
      const user = await createUser({ email: `tmx${++importer}-${Date.now()}@example.com`, name: 'Importer', password: 'tmx-password' })
      const form = new FormData()
      form.append('file', new Blob([text], { type: 'application/x-tmx+xml' }), 'memory.tmx')
      const started = performance.now()
      const res = await fetch(`${BASE}/api/memory/import`, { method: 'POST', headers: { authorization: `Bearer ${await createSession({ userId: user.id })}`, 'x-locale': 'en-US', origin: BASE }, body: form })
      const answer = (await res.json()) as { code: number; msg: string; data: unknown }
      return `${res.status} ${answer.code} ${answer.code === 20000 ? JSON.stringify(answer.data) : answer.msg} in ${(performance.now() - started).toFixed(0)} ms`
    }
    const ranges = async () => {
      const started = performance.now()
      let answered = 0
      for (let round = 0; round < 10; round++) {
        const all = await Promise.all(Array.from({ length: 12 }, () => fetch(audioUrl, { headers: { ...ownerAuth, range: 'bytes=0-1' } })))
        for (const res of all) {
          if (res.status !== 206) throw new Error(`range answered ${res.status}`)
          await res.arrayBuffer()
          answered++
        }
      }
      return `${answered} ranges answered 206 in ${(performance.now() - started).toFixed(0)} ms`
    }
    const downloads = async () => {
      const started = performance.now()
      const sizes = await Promise.all(Array.from({ length: 12 }, async () => (await (await fetch(audioUrl, { headers: ownerAuth })).arrayBuffer()).byteLength))
      if (sizes.some((s) => s !== RECORDING_BYTES)) throw new Error(`a download came back short: ${sizes.join(', ')}`)
      return `12 x ${RECORDING_BYTES / MB} MB downloaded in ${(performance.now() - started).toFixed(0)} ms`
    }
    const loads: Load[] = [
      { name: 'no load (the idle server)', run: () => sleep(3000).then(() => 'for comparison') },
      { name: `TMX, 1 unit x 100,000 variants (${(Buffer.byteLength(wide) / 1e6).toFixed(1)} MB)`, run: () => importTmx(wide) },
      { name: `TMX, 50,000 units x 2 variants (${(Buffer.byteLength(many) / 1e6).toFixed(1)} MB)`, run: () => importTmx(many) },
      { name: '12 concurrent ranges x 10, 100 MB', run: ranges },
      // Opt-in: 1.2 GB through the server takes minutes on a shared machine.
      ...(process.env.DOWNLOADS === '1' ? [{ name: '12 concurrent whole downloads, 100 MB', run: downloads }] : []),
    ]
    // Warm-up, unmeasured: the first request to each route loads its code.
    await importTmx('<tmx/>')
    await fetch(audioUrl, { headers: { ...ownerAuth, range: 'bytes=0-1' } }).then((r) => r.arrayBuffer())

    const results: Measured[][] = []
    for (let run = 1; run <= RUNS; run++) {
      console.log(`run ${run} of ${RUNS}`)
      const measured: Measured[] = []
      for (const load of loads) measured.push(await measure(web.pid!, load))
      results.push(measured)
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
    console.log(`median of ${RUNS} runs (targets: health p95 <= 100 ms, RSS growth <= 200 MB)`)
    for (const [i, load] of loads.entries()) {
      const runs = results.map((r) => r[i])
      const p95 = median(runs.map((r) => r.p95))
      const rss = median(runs.map((r) => r.rssMb))
      console.log(`  ${load.name.padEnd(44)} health p50 ${median(runs.map((r) => r.p50)).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms; RSS +${rss.toFixed(0)} MB: ${p95 <= 100 && rss <= 200 ? 'met' : 'NOT met'}`)
    }
  } finally {
    web.kill('SIGTERM')
    await db.$disconnect()
    await database.stop()
    rmSync(storageDir, { recursive: true, force: true })
  }
}

runMain(main)
