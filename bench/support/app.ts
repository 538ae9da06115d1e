// Shared by the benchmarks that run the production server: a fresh database, and web processes.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { ensureDatabase, startEmbeddedDb, withDatabase, type RunningDb } from '@/lib/devtools/embedded-db'
import { migrateDeploy } from '@/lib/devtools/migrate'

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Refuses to run without a production build (`npm run build`). */
export function requireBuild(): void {
  if (!existsSync(path.resolve('.next/BUILD_ID'))) throw new Error('run `npm run build` first: this benchmark starts the production server')
}

/**
 * A new, migrated database `name` on DATABASE_URL's server (or an embedded one), set as this
 * process's DATABASE_URL so lib/db talks to it.
 */
export async function freshDatabase(name: string): Promise<{ url: string; stop(): Promise<void> }> {
  let adminUrl = process.env.DATABASE_URL ? withDatabase(process.env.DATABASE_URL, 'postgres') : ''
  let embedded: RunningDb | null = null
  if (!adminUrl) {
    embedded = await startEmbeddedDb({ dir: path.resolve(`.data/pg-${name}`), port: 25440 })
    adminUrl = embedded.adminUrl
  }
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
  await admin.end()
  await ensureDatabase(adminUrl, name)
  const url = withDatabase(adminUrl, name)
  migrateDeploy(url, { quiet: true })
  process.env.DATABASE_URL = url
  process.env.SESSION_SECRET ||= 'bench-session-secret-0123456789abcdef'
  process.env.LOG_LEVEL = 'silent'
  return { url, stop: async () => void (await embedded?.stop()) }
}

/**
 * Starts `next start` on `port` with the given settings; its standard output (the JSON logs) goes
 * to the file descriptor `stdout` when given. With CPU_PROF_DIR set, the server runs under `node
 * --cpu-prof` and writes its profile there when it stops (open it in Chrome DevTools). With
 * `ownSession`, the server runs in a session of its own, as a service started by systemd or in a
 * container does: Linux's autogroup scheduler then shares the cores between it and the rest (a
 * browser the benchmark drives), instead of among all their threads.
 */
export function startWeb(port: number, env: NodeJS.ProcessEnv, stdout?: number, { ownSession = false }: { ownSession?: boolean } = {}): ChildProcess {
  const profile = process.env.CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.CPU_PROF_DIR)}`] : []
  return spawn(process.execPath, [...profile, path.resolve('node_modules/next/dist/bin/next'), 'start', '-p', String(port)], { env: { ...env, PORT: String(port) }, stdio: ['ignore', stdout ?? 'ignore', 'ignore'], detached: ownSession })
}

/** Waits until a web process answers its health check. */
export async function waitForHealth(base: string, { tries = 240 } = {}): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false)) return
    await sleep(250)
  }
  throw new Error(`${base} never answered`)
}

/** A percentile of a list of numbers. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

/** Asks `/api/health` every 25 ms until `until()` is true; the answer times in ms. */
export async function probeHealth(base: string, until: () => boolean): Promise<number[]> {
  const times: number[] = []
  while (!until()) {
    const started = performance.now()
    await fetch(`${base}/api/health`).catch(() => null)
    times.push(performance.now() - started)
    await sleep(25)
  }
  return times
}

/** p50, p95 and max of health answer times, for a benchmark's report. */
export const healthSummary = (times: number[]) =>
  `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms (${times.length} probes)`

/** Resident memory of a process and all its descendants, in bytes (Linux: /proc). */
export function treeRss(rootPid: number): number {
  const children = new Map<number, number[]>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      // The parent pid is the 2nd field after the parenthesised command name.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)])
    } catch {
      // the process ended meanwhile
    }
  }
  let bytes = 0
  const pending = [rootPid]
  while (pending.length > 0) {
    const pid = pending.pop()!
    try {
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
      bytes += rss ? Number(rss[1]) * 1024 : 0
    } catch {
      // ended meanwhile
    }
    pending.push(...(children.get(pid) ?? []))
  }
  return bytes
}

/** Runs a benchmark's `main` as the process: exit 0 when it ends, 1 with the error printed when it throws. */
export function runMain(main: () => Promise<unknown>): void {
  main().then(
    () => process.exit(0),
    (error) => {
      console.error(error)
      process.exit(1)
    },
  )
}
