// A chaos run: 50 translation tasks across two web processes and a worker process, one of the
// three killed (SIGKILL) every few seconds and restarted, while sign-ins are replayed against
// whichever web process is up. At the end every task must be completed and charged exactly once,
// and every balance must equal its ledger. Prints what it did and what it found; exits 1 on a
// broken guarantee.
//
// Usage: npm run build && npm run bench:chaos
//   DATABASE_URL (a PostgreSQL server; default: an embedded one under .data/pg-chaos),
//   CHAOS_TASKS (50), CHAOS_KILL_EVERY_MS (4000), CHAOS_TIMEOUT_S (300)
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, openSync } from 'node:fs'
import path from 'node:path'
import { startDeepSeekFake } from '@/fakes/deepseek'
import { startMyMemoryFake } from '@/fakes/mymemory'
import { freshDatabase, requireBuild, sleep, startWeb } from './support/app'

const TASKS = Number(process.env.CHAOS_TASKS ?? 50)
const KILL_EVERY_MS = Number(process.env.CHAOS_KILL_EVERY_MS ?? 4000)
const TIMEOUT_MS = Number(process.env.CHAOS_TIMEOUT_S ?? 300) * 1000
const PORTS = { webA: 3911, webB: 3912 }
const EMAIL = 'chaos@example.com'
const PASSWORD = 'chaos-password'

type Name = 'webA' | 'webB' | 'worker'
type Proc = { name: Name; child: ChildProcess | null; kills: number; starts: number }

function srt(n: number): string {
  const blocks: string[] = []
  for (let i = 1; i <= 200; i++) {
    const t = (ms: number) => new Date(ms).toISOString().slice(11, 23).replace('.', ',')
    blocks.push(`${i}\n${t(i * 2500)} --> ${t(i * 2500 + 2000)}\nTask ${n}, line ${i}: we have to leave before the sun goes down.\n`)
  }
  return blocks.join('\n')
}

async function main() {
  requireBuild()
  const started = Date.now()
  const database = await freshDatabase('ss_chaos')
  const databaseUrl = database.url

  const { createUser } = await import('@/lib/accounts/users')
  const { grantPoints } = await import('@/lib/points')
  const { db } = await import('@/lib/db')
  const user = await createUser({ email: EMAIL, name: 'Chaos', password: PASSWORD })
  await grantPoints({ userId: user.id, amount: 100_000, key: 'chaos:grant' })

  const fake = await startDeepSeekFake({ apiKey: 'sk-chaos', delayMs: 400 })
  // DeepSeek's fallback is local too: nothing in the run reaches the internet.
  const fallback = await startMyMemoryFake({})
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    DEEPSEEK_API_KEY: 'sk-chaos',
    DEEPSEEK_BASE_URL: fake.url,
    MYMEMORY_BASE_URL: fallback.url,
    FEATURE_POINTS_PURCHASE: 'off',
    WORKER_SUPERVISE_SECONDS: '2',
    WORKER_HEARTBEAT_SECONDS: '10',
    NEXT_TELEMETRY_DISABLED: '1',
  }
  // The worker's log (JSON lines) goes to .data/chaos-worker.log, to see what a failure was.
  mkdirSync(path.resolve('.data'), { recursive: true })
  const workerLog = openSync(path.resolve('.data/chaos-worker.log'), 'w')
  const procs: Record<Name, Proc> = { webA: { name: 'webA', child: null, kills: 0, starts: 0 }, webB: { name: 'webB', child: null, kills: 0, starts: 0 }, worker: { name: 'worker', child: null, kills: 0, starts: 0 } }
  const start = (p: Proc) => {
    p.child =
      p.name === 'worker'
        ? // node itself with tsx's loader, not the tsx CLI: the CLI runs the script in a child that a kill would orphan.
          spawn(process.execPath, ['--import', 'tsx', '--conditions=react-server', 'scripts/worker.ts'], { env: { ...env, LOG_LEVEL: 'info' }, stdio: ['ignore', workerLog, workerLog] })
        : startWeb(PORTS[p.name], { ...env, WORKER_MODE: 'external' })
    p.starts += 1
  }
  for (const p of Object.values(procs)) start(p)
  const base = (name: 'webA' | 'webB') => `http://127.0.0.1:${PORTS[name]}`
  const up = async (name: 'webA' | 'webB') => fetch(`${base(name)}/api/health`).then((r) => r.ok).catch(() => false)
  for (let i = 0; i < 240 && !((await up('webA')) && (await up('webB'))); i++) await sleep(250)

  const signIn = async (name: 'webA' | 'webB', password: string) => {
    const res = await fetch(`${base(name)}/api/email/auth`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-locale': 'en-US' }, body: JSON.stringify({ email: EMAIL, pass: password }) })
    return { status: res.status, body: (await res.json()) as { data?: { token: string } } }
  }
  let token = ''
  for (let i = 0; !token && i < 40; i++) token = (await signIn('webA', PASSWORD).catch(() => null))?.body.data?.token ?? ''
  if (!token) throw new Error('could not sign in')

  // Chaos: kill one process at random every few seconds, restart it a second later.
  let isChaos = true
  const bag: Proc[] = []
  const chaos = (async () => {
    while (isChaos) {
      await sleep(KILL_EVERY_MS * (0.75 + Math.random() / 2))
      if (!isChaos) break
      // Each process in turn, in a random order every round, so each one is killed again and again.
      if (bag.length === 0) bag.push(...Object.values(procs).sort(() => Math.random() - 0.5))
      const victim = bag.pop()!
      victim.child?.kill('SIGKILL')
      victim.kills += 1
      await sleep(1000)
      start(victim)
    }
  })()
  // Sign-ins replayed meanwhile, right and wrong, against whichever web process answers.
  const signIns: Record<string, number> = {}
  const replay = (async () => {
    while (isChaos) {
      const target = Math.random() < 0.5 ? 'webA' : 'webB'
      const outcome = await signIn(target, Math.random() < 0.7 ? PASSWORD : 'wrong-password')
        .then((r) => String(r.status))
        .catch(() => 'down')
      signIns[outcome] = (signIns[outcome] ?? 0) + 1
      await sleep(150)
    }
  })()

  // 50 tasks, each created on whichever web process is up (a create cut off by a kill is retried).
  let createAttempts = 0
  let limited = 0
  for (let n = 1; n <= TASKS; n++) {
    for (;;) {
      createAttempts += 1
      const target = n % 2 === 0 ? 'webA' : 'webB'
      const form = new FormData()
      form.append('file', new Blob([srt(n)], { type: 'application/x-subrip' }), `chaos-${n}.srt`)
      form.append('targetLanguage', 'ja')
      form.append('service', 'deepseek')
      const status = await fetch(`${base(target)}/api/tasks`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'x-locale': 'en-US' }, body: form })
        .then((r) => r.status)
        .catch(() => 0)
      const ok = status === 200
      // Creations are limited per user (30 a minute): wait for the window like a patient client.
      if (status === 429) limited += 1
      // A cut-off create may still have landed: the task count below is read from the database.
      if (ok || (await db.task.count({ where: { fileName: `chaos-${n}.srt` } })) > 0) break
      await sleep(status === 429 ? 2000 : 300)
    }
  }

  const deadline = Date.now() + TIMEOUT_MS
  while (Date.now() < deadline && (await db.task.count({ where: { status: 'translating' } })) > 0) await sleep(1000)
  isChaos = false
  await Promise.all([chaos, replay])

  const tasks = await db.task.findMany({ select: { id: true, status: true, cost: true, fileName: true, runs: true } })
  const entries = await db.pointEntry.findMany({ where: { userId: user.id } })
  const lots = await db.pointLot.aggregate({ where: { userId: user.id }, _sum: { remaining: true } })
  const problems: string[] = []
  const byName = new Map<string, number>()
  for (const task of tasks) byName.set(task.fileName, (byName.get(task.fileName) ?? 0) + 1)
  for (const [name, count] of byName) if (count > 1) problems.push(`${name} created ${count} times`)
  for (const task of tasks) {
    if (task.status !== 'completed') problems.push(`task ${task.fileName} is ${task.status}`)
    const own = entries.filter((e) => e.taskId === task.id)
    const charged = -own.reduce((sum, e) => sum + e.delta, 0)
    if (charged !== task.cost) problems.push(`task ${task.fileName} charged ${charged}, costs ${task.cost}`)
    if (own.filter((e) => e.reason === 'capture').length !== 1) problems.push(`task ${task.fileName} captured ${own.filter((e) => e.reason === 'capture').length} times`)
  }
  const ledger = entries.reduce((sum, e) => sum + e.delta, 0)
  const balance = lots._sum.remaining ?? 0
  if (ledger !== balance) problems.push(`balance ${balance} differs from its ledger ${ledger}`)

  for (const p of Object.values(procs)) p.child?.kill('SIGTERM')
  await Promise.all([fake.close(), fallback.close()])
  await db.$disconnect()
  await database.stop()

  console.log('chaos run')
  console.log(`  wall time            ${Math.round((Date.now() - started) / 1000)} s`)
  console.log(`  kills (restarts)     web A ${procs.webA.kills}, web B ${procs.webB.kills}, worker ${procs.worker.kills}`)
  console.log(`  tasks                ${tasks.length} in the database (${createAttempts} create calls, ${limited} refused by the rate limit), ${tasks.filter((t) => t.status === 'completed').length} completed, resumed runs ${tasks.reduce((s, t) => s + Math.max(0, t.runs - 1), 0)}`)
  console.log(`  provider requests    ${fake.stats.requests}`)
  console.log(`  sign-ins replayed    ${Object.entries(signIns).map(([k, v]) => `${k}: ${v}`).join(', ')}`)
  console.log(`  balance / ledger     ${balance} / ${ledger}`)
  console.log(problems.length === 0 ? '  result               every task completed and charged once; balance equals ledger' : `  PROBLEMS\n${problems.map((p) => `    - ${p}`).join('\n')}`)
  process.exit(problems.length === 0 && tasks.length === TASKS ? 0 : 1)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
