// Shared by the benchmarks that run the route handlers inside their own process (upload memory,
// transcription): a scratch database, and the process's peak memory sampled from a worker thread.
import { mkdtempSync, rmSync } from 'node:fs'
import { register } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import pg from 'pg'
import { withDatabase } from '@/lib/devtools/embedded-db'
import { migrateDeploy } from '@/lib/devtools/migrate'

export const MB = 1024 * 1024
/** Bytes as MB with one decimal, for a report. */
export const mb = (bytes: number) => +(bytes / MB).toFixed(1)
/** A full collection before a baseline is read (node --expose-gc; nothing without it). */
export const gc = () => (globalThis as { gc?: () => void }).gc?.()

/**
 * Route handlers import 'server-only', which Next resolves to an empty module; do the same here
 * (the react-server condition would also swap React for its server build, which next-intl can't use).
 */
export function allowServerOnly(): void {
  register(
    'data:text/javascript,' +
      encodeURIComponent(`export async function resolve(s, c, next) { return s === 'server-only' ? { url: 'data:text/javascript,', shortCircuit: true } : next(s, c) }`),
  )
}

/** Samples process RSS every 2 ms from a worker thread (unaffected by a busy main thread). */
export function startSampler() {
  const worker = new Worker(
    `const { parentPort } = require('node:worker_threads')
     let peak = 0
     const tick = () => { const r = process.memoryUsage.rss(); if (r > peak) peak = r }
     setInterval(tick, 2)
     parentPort.on('message', (m) => { tick(); parentPort.postMessage(peak); if (m === 'reset') peak = 0 })`,
    { eval: true },
  )
  const ask = (m: string) =>
    new Promise<number>((resolve) => {
      worker.once('message', resolve)
      worker.postMessage(m)
    })
  return {
    reset: () => ask('reset'),
    peak: () => ask('peak'),
    stop: () => worker.terminate(),
    /** The RSS at rest (collected, then 200 ms of quiet), the peak counted afresh from it: a measurement's baseline. */
    async baseline() {
      gc()
      await new Promise((r) => setTimeout(r, 200))
      const rss = process.memoryUsage.rss()
      await ask('reset')
      return rss
    },
  }
}

async function admin(adminUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

/** A new migrated database on the server of `adminUrl`, named for this run; `drop` removes it. */
async function scratchDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `ss_bench_${Date.now().toString(36)}`
  await admin(adminUrl, `CREATE DATABASE "${name}"`)
  const url = withDatabase(adminUrl, name)
  const drop = () => admin(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {})
  try {
    migrateDeploy(url, { quiet: true })
  } catch (error) {
    await drop()
    throw error
  }
  return { url, drop }
}

/**
 * Runs `work` on a scratch database (this process's DATABASE_URL, with a session secret and silent
 * logs) and a temp folder `dir` named from `prefix`; however it ends, the database is dropped and
 * the folder removed after.
 */
export async function withScratch(adminUrl: string, prefix: string, work: (dir: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), prefix))
  const { url, drop } = await scratchDatabase(adminUrl)
  try {
    Object.assign(process.env, { DATABASE_URL: url, SESSION_SECRET: 'bench-session-secret-0123456789abcdef0123', LOG_LEVEL: 'silent' })
    await work(dir)
  } finally {
    await drop()
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The benchmark's creator, made in the scratch database: a session (its bearer token) and points for any run. */
export async function benchCreator(): Promise<{ token: string }> {
  const { db } = await import('@/lib/db')
  const { createSession } = await import('@/lib/auth/sessions')
  const { grantPoints } = await import('@/lib/points')
  const user = await db.user.create({ data: { email: 'bench@example.com', name: 'Bench' } })
  const token = await createSession({ userId: user.id })
  await grantPoints({ userId: user.id, amount: 10_000_000, key: 'bench' })
  return { token }
}
