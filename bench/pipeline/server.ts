// The benchmark's server side: a fresh database with one funded creator, the speech-to-text and
// DeepSeek fakes in this process (their request logs are read directly), and the production
// server (`next start`) whose process tree (with its ffmpeg children) is sampled for memory.
import type { ChildProcess } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FakeRequestRecord } from '@/fakes/server'
import { freshDatabase, startWeb, waitForHealth } from '../support/app'

/**
 * The memory of a process and its children (ffmpeg): each one's proportional set size, so the
 * libraries every ffmpeg maps are counted once, not once per process as resident sizes would. The
 * children are read from each thread's `children` list, not by scanning every process in /proc:
 * sampled every 50 ms, a scan cost the bench a tenth of a core, taken from the run it measures.
 */
export function treePss(rootPid: number): number {
  let bytes = 0
  const pending = [rootPid]
  while (pending.length > 0) {
    const pid = pending.pop()!
    try {
      const pss = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))
      bytes += pss ? Number(pss[1]) * 1024 : 0
      for (const thread of readdirSync(`/proc/${pid}/task`)) {
        const children = readFileSync(`/proc/${pid}/task/${thread}/children`, 'utf8').trim()
        if (children) pending.push(...children.split(' ').map(Number))
      }
    } catch {
      // ended meanwhile
    }
  }
  return bytes
}

export const CREATOR = { email: 'bench-pipeline@example.com', password: 'bench-pipeline-1' }

export type BenchServer = {
  base: string
  /** When each speech-to-text request arrived (ms since the epoch). */
  sttRequests(): number[]
  deepseekRequests(): number
  /** Each request to the fakes: when it arrived and when it was answered (ms since the epoch). */
  sttLog(): FakeRequestRecord[]
  deepseekLog(): FakeRequestRecord[]
  /** The server's log lines so far (JSON, with `time`), for the tail's timeline. */
  logs(): { time: string; event: string; [key: string]: unknown }[]
  rss(): number
  stop(): Promise<void>
}

/** The server runs in a session of its own, as a deployed one does (support/app.ts startWeb), unless `sameSession`: then it shares the scheduler's group with the browser the benchmark drives. */
export async function startBenchServer({ port, sttMs, deepseekMs, sameSession = false }: { port: number; sttMs: number; deepseekMs: number; sameSession?: boolean }): Promise<BenchServer> {
  const database = await freshDatabase('ss_bench_pipeline')
  const { startSttFake } = await import('@/fakes/stt')
  const { startDeepSeekFake } = await import('@/fakes/deepseek')
  const stt = await startSttFake({ apiKey: 'sk-bench-stt', delayMs: sttMs })
  const deepseek = await startDeepSeekFake({ apiKey: 'sk-bench-deepseek', delayMs: deepseekMs })
  const { db } = await import('@/lib/db')
  const { hashPassword } = await import('@/lib/accounts/passwords')
  const { grantPoints } = await import('@/lib/points')
  const { seed } = await import('@/prisma/seed')
  await seed({ withDemo: false })
  const user = await db.user.create({ data: { email: CREATOR.email, name: 'Bench', passwordHash: await hashPassword(CREATOR.password) } })
  await grantPoints({ userId: user.id, amount: 1_000_000, key: 'bench-pipeline' })
  const storage = mkdtempSync(path.join(tmpdir(), 'ss-bench-pipeline-'))
  const logFile = path.join(storage, 'server.log')
  const logFd = openSync(logFile, 'w')
  const web: ChildProcess = startWeb(port, {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    DATABASE_URL: database.url,
    LOG_LEVEL: 'info',
    STORAGE_DIR: path.join(storage, 'storage'),
    UPLOAD_DIR: path.join(storage, 'uploads'),
    STT_API_KEY: 'sk-bench-stt',
    STT_BASE_URL: stt.url,
    DEEPSEEK_API_KEY: 'sk-bench-deepseek',
    DEEPSEEK_BASE_URL: deepseek.url,
    FEATURE_GOOGLE_TRANSLATION: 'false',
  }, logFd, { ownSession: !sameSession })
  const base = `http://127.0.0.1:${port}`
  await waitForHealth(base)
  return {
    base,
    sttRequests: () => stt.stats.log.map((r) => r.at),
    deepseekRequests: () => deepseek.stats.requests,
    sttLog: () => stt.stats.log,
    deepseekLog: () => deepseek.stats.log,
    logs: () => readFileSync(logFile, 'utf8').split('\n').flatMap((line) => {
      try {
        return line.startsWith('{') ? [JSON.parse(line)] : []
      } catch {
        return []
      }
    }),
    rss: () => treePss(web.pid!),
    stop: async () => {
      web.kill('SIGTERM')
      await new Promise((r) => web.once('exit', r))
      closeSync(logFd)
      await Promise.all([stt.close(), deepseek.close()])
      await db.$disconnect()
      await database.stop()
      rmSync(storage, { recursive: true, force: true })
    },
  }
}
