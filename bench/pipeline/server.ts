// The benchmark's server side: a fresh database with one funded creator, the speech-to-text and
// DeepSeek fakes in this process (their request logs are read directly), and the production
// server (`next start`) whose process tree is sampled for memory.
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freshDatabase, startWeb, treeRss, waitForHealth } from '../support/app'

export const CREATOR = { email: 'bench-pipeline@example.com', password: 'bench-pipeline-1' }

export type BenchServer = {
  base: string
  /** When each speech-to-text request arrived (ms since the epoch). */
  sttRequests(): number[]
  deepseekRequests(): number
  rss(): number
  stop(): Promise<void>
}

export async function startBenchServer({ port, sttMs, deepseekMs }: { port: number; sttMs: number; deepseekMs: number }): Promise<BenchServer> {
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
  const web: ChildProcess = startWeb(port, {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    DATABASE_URL: database.url,
    LOG_LEVEL: 'silent',
    STORAGE_DIR: path.join(storage, 'storage'),
    UPLOAD_DIR: path.join(storage, 'uploads'),
    STT_API_KEY: 'sk-bench-stt',
    STT_BASE_URL: stt.url,
    DEEPSEEK_API_KEY: 'sk-bench-deepseek',
    DEEPSEEK_BASE_URL: deepseek.url,
    FEATURE_GOOGLE_TRANSLATION: 'false',
  })
  const base = `http://127.0.0.1:${port}`
  await waitForHealth(base)
  return {
    base,
    sttRequests: () => stt.stats.log.map((r) => r.at),
    deepseekRequests: () => deepseek.stats.requests,
    rss: () => treeRss(web.pid!),
    stop: async () => {
      web.kill('SIGTERM')
      await new Promise((r) => web.once('exit', r))
      await Promise.all([stt.close(), deepseek.close()])
      await db.$disconnect()
      await database.stop()
      rmSync(storage, { recursive: true, force: true })
    },
  }
}
