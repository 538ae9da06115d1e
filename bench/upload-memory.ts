// Upload memory benchmark: a ~5 MB SRT sent end to end through the real route handlers (multipart
// parsing, decode, parse, detection, one transaction storing ~60,000 segments with the reservation,
// the queued job), then translated by an in-process worker against the DeepSeek fake. A sampler on
// a worker thread records the process RSS every 2 ms, so peaks inside synchronous code are seen.
// Target: the upload raises peak RSS by less than 150 MB.
// Usage: node --expose-gc --import tsx bench/upload-memory.ts  (BENCH_ADMIN_URL, default postgresql://postgres@127.0.0.1:5432/postgres;
// BENCH_TRANSLATE=0 skips the translation phase)
import { allowServerOnly, benchCreator, gc, mb, startSampler, withScratch } from './support/in-process'
import { formatMs } from '@/lib/subtitles/time'
import { runMain } from './support/app'

allowServerOnly()

const TARGET_MB = 150
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres'
const LINES = ['Where are you going?', '<i>We leave at dawn, I told you.</i>', '你今天晚上有空吗？我们一起去吃饭吧。', 'Привет, как дела?', '今日はいい天気ですね。']

function buildSrt(maxBytes: number): { text: string; cues: number } {
  const blocks: string[] = []
  let bytes = 0
  for (let i = 1; ; i++) {
    const start = (i - 1) * 2500
    const block = `${i}\r\n${formatMs(start)} --> ${formatMs(start + 2000)}\r\n${LINES[i % LINES.length]}\r\n${LINES[(i * 7) % LINES.length]}\r\n\r\n`
    const size = Buffer.byteLength(block)
    if (bytes + size > maxBytes) return { text: blocks.join(''), cues: i - 1 }
    blocks.push(block)
    bytes += size
  }
}


async function main() {
  await withScratch(ADMIN_URL, 'ss-bench-', async (storageDir) => {
    const { startDeepSeekFake } = await import('@/fakes/deepseek')
    const fake = await startDeepSeekFake({ apiKey: 'sk-bench' })
    Object.assign(process.env, { STORAGE_DIR: storageDir, DEEPSEEK_API_KEY: 'sk-bench', DEEPSEEK_BASE_URL: fake.url })

    const { NextRequest } = await import('next/server')
    const { db } = await import('@/lib/db')
    const { POST: createRoute } = await import('@/app/api/tasks/route')
    const { startTaskWorkers, stopBoss } = await import('@/lib/jobs')

    const { token } = await benchCreator()

    const upload = async (srt: string) => {
      const form = new FormData()
      form.append('file', new Blob([srt]), 'bench.srt')
      for (const [k, v] of Object.entries({ targetLanguage: 'ja', service: 'deepseek', batchSize: '50' })) form.append(k, v)
      const encoded = new Response(form)
      const body = Buffer.from(await encoded.arrayBuffer())
      const headers = { authorization: `Bearer ${token}`, 'content-type': encoded.headers.get('content-type')!, 'content-length': String(body.length) }
      return { body, send: () => createRoute(new NextRequest('http://localhost:3000/api/tasks', { method: 'POST', body, headers }), { params: Promise.resolve({}) }) }
    }

    // Warm-up: module loading, JIT and the connection pools are not what is measured.
    const small = await upload(buildSrt(50_000).text)
    await (await small.send()).json()

    const { text, cues } = buildSrt(5_242_880 - 4096)
    const big = await upload(text)
    const fileBytes = Buffer.byteLength(text)
    const sampler = startSampler()
    const baseline = await sampler.baseline()
    const started = performance.now()
    const res = await big.send()
    const answer = (await res.json()) as { code: number; data: { id: string; segmentCount: number } }
    const uploadMs = performance.now() - started
    const uploadPeak = await sampler.peak()
    if (answer.code !== 20000) throw new Error(`upload failed: ${JSON.stringify(answer)}`)

    const rows: Record<string, unknown>[] = [
      { phase: 'upload (create task)', fileMB: mb(fileBytes), cues, ms: Math.round(uploadMs), baselineMB: mb(baseline), peakMB: mb(uploadPeak), deltaMB: mb(uploadPeak - baseline) },
    ]

    if (process.env.BENCH_TRANSLATE !== '0') {
      gc()
      const before = process.memoryUsage.rss()
      await sampler.reset()
      const t0 = performance.now()
      await startTaskWorkers({ pollingIntervalSeconds: 0.5 })
      for (;;) {
        const task = await db.task.findUniqueOrThrow({ where: { id: answer.data.id } })
        if (task.status !== 'translating') {
          if (task.status !== 'completed') throw new Error(`translation ${task.status}: ${task.error}`)
          break
        }
        await new Promise((r) => setTimeout(r, 200))
      }
      const peak = await sampler.peak()
      rows.push({ phase: 'translate (worker, fake)', fileMB: mb(fileBytes), cues, ms: Math.round(performance.now() - t0), baselineMB: mb(before), peakMB: mb(peak), deltaMB: mb(peak - before) })
      await stopBoss({ timeoutMs: 2000 })
    }
    await sampler.stop()
    console.table(rows)
    const delta = (rows[0].deltaMB as number)
    console.log(`5 MB upload end to end: peak RSS +${delta} MB (${delta < TARGET_MB ? 'within' : 'OVER'} the ${TARGET_MB} MB target)`)
    await fake.close()
    await db.$disconnect()
  })
}

runMain(main)
