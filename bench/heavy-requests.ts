// Does a burst of heavy requests starve the rest? Twelve concurrent estimates of a 5 MB SRT file,
// three rounds, while /api/health is asked every 25 ms; prints health latency alone and under that
// load (p50, p95, max) and the estimates' own times. Target: health p95 within 100 ms under load.
// One estimate runs first, unmeasured: the first request to a route loads its code (and the first
// large file starts the analysis workers), a one-off cost of a fresh process, printed on its own.
//
// Usage: npm run build && npm run bench:heavy   (DATABASE_URL: a PostgreSQL server; default embedded)
import { freshDatabase, healthSummary, percentile, probeHealth, requireBuild, runMain, startWeb, waitForHealth } from './support/app'

const PORT = 3921
const BASE = `http://127.0.0.1:${PORT}`
const CONCURRENT = 12
const ROUNDS = 3

function fiveMegabyteSrt(): Buffer {
  const blocks: string[] = []
  const t = (ms: number) => new Date(ms).toISOString().slice(11, 23).replace('.', ',')
  let size = 0
  for (let i = 1; size < 5_000_000; i++) {
    const block = `${i}\n${t(i * 3000)} --> ${t(i * 3000 + 2500)}\nLine ${i}: we have to leave before the sun goes down, or we never will.\n\n`
    size += Buffer.byteLength(block)
    blocks.push(block)
  }
  return Buffer.from(blocks.join('').slice(0, 5_000_000 - 200))
}

async function main() {
  requireBuild()
  const database = await freshDatabase('ss_bench_heavy')
  const { createUser } = await import('@/lib/accounts/users')
  const { createSession } = await import('@/lib/auth/sessions')
  const { db } = await import('@/lib/db')
  const users = await Promise.all([1, 2, 3].map((n) => createUser({ email: `heavy${n}@example.com`, name: `Heavy ${n}`, password: 'heavy-password' })))
  const tokens = await Promise.all(users.map((u) => createSession({ userId: u.id })))
  const web = startWeb(PORT, { ...process.env, NODE_ENV: 'production', WORKER_MODE: 'external', DEEPSEEK_API_KEY: 'unused', FEATURE_POINTS_PURCHASE: 'off' })
  try {
    await waitForHealth(BASE)
    const file = fiveMegabyteSrt()
    const estimate = async (i: number) => {
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(file)]), 'feature.srt')
      const started = performance.now()
      const res = await fetch(`${BASE}/api/tasks/estimate`, { method: 'POST', headers: { authorization: `Bearer ${tokens[i % tokens.length]}`, 'x-locale': 'en-US' }, body: form })
      if (!res.ok) throw new Error(`estimate answered ${res.status}: ${await res.text()}`)
      return performance.now() - started
    }
    const cold = await estimate(0)
    let isDone = false
    setTimeout(() => (isDone = true), 3000)
    const idle = await probeHealth(BASE, () => isDone)

    const estimateTimes: number[] = []
    let loadDone = false
    const probing = probeHealth(BASE, () => loadDone)
    for (let round = 0; round < ROUNDS; round++) {
      await Promise.all(Array.from({ length: CONCURRENT }, async (_, i) => estimateTimes.push(await estimate(i))))
    }
    loadDone = true
    const loaded = await probing

    console.log(`heavy requests: ${ROUNDS} rounds of ${CONCURRENT} concurrent estimates of a ${(file.length / 1e6).toFixed(2)} MB SRT file`)
    console.log(`  first estimate (cold) ${cold.toFixed(0)} ms`)
    console.log(`  health, idle          ${healthSummary(idle)}`)
    console.log(`  health, under load    ${healthSummary(loaded)}`)
    console.log(`  estimates             p50 ${percentile(estimateTimes, 50).toFixed(0)} ms, p95 ${percentile(estimateTimes, 95).toFixed(0)} ms`)
    console.log(`  target                health p95 under load <= 100 ms: ${percentile(loaded, 95) <= 100 ? 'met' : 'NOT met'}`)
  } finally {
    web.kill('SIGTERM')
    await db.$disconnect()
    await database.stop()
  }
}

runMain(main)
