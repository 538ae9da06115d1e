import { startDeepSeekFake } from '../fakes/deepseek'
import { translateCues, type CueToTranslate } from '../lib/translate/engine'
import { createDeepSeekProvider } from '../lib/translate/providers/deepseek'

// Measures the translation engine against the DeepSeek fake answering after a fixed delay.
// Usage: npx tsx bench/translate.ts   (BENCH_BATCH, BENCH_CONCURRENCY, BENCH_CUES, BENCH_DELAY_MS override)
const ANSWER_DELAY_MS = Number(process.env.BENCH_DELAY_MS ?? 500)
const CUES = Number(process.env.BENCH_CUES ?? 1000)
const TARGET_MS = 8000
const KEY = 'sk-bench'

const SENTENCES = [
  "I don't know what you're talking about.",
  'We have to leave before the sun goes down.',
  '<i>Previously on the show...</i>',
  'Wait!\nDid you hear that?',
  'The meeting was moved to Thursday, so we still have time.',
  "She said she'd call back, but she never did.",
]

function buildCues(count: number): CueToTranslate[] {
  return Array.from({ length: count }, (_, i) => ({ id: i + 1, text: SENTENCES[i % SENTENCES.length] }))
}

async function runOnce(batchSize: number, concurrency: number) {
  const fake = await startDeepSeekFake({ apiKey: KEY, delayMs: ANSWER_DELAY_MS })
  try {
    const provider = createDeepSeekProvider({ baseUrl: fake.url, apiKey: KEY, model: 'deepseek-flash' })
    const cues = buildCues(CUES)
    const started = performance.now()
    const result = await translateCues({ provider, cues, targetLanguage: 'ja', batchSize, concurrency })
    const wallMs = performance.now() - started
    const wrong = cues.filter((cue) => result.get(cue.id) !== `[ja] ${cue.text}`).length
    if (wrong > 0) throw new Error(`${wrong} cues came back wrong`)
    const batches = Math.ceil(CUES / batchSize)
    const { requests, maxInFlight, counters } = fake.stats
    return {
      batchSize,
      concurrency,
      wallMs: Math.round(wallMs),
      requests,
      maxInFlight,
      promptTokensPerCue: +(counters.promptTokens / CUES).toFixed(1),
      completionTokensPerCue: +(counters.completionTokens / CUES).toFixed(1),
      naiveMs: batches * ANSWER_DELAY_MS,
    }
  } finally {
    await fake.close()
  }
}

async function main() {
  const batch = Number(process.env.BENCH_BATCH ?? 10)
  const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8)
  console.log(`${CUES} cues, DeepSeek fake answering after ${ANSWER_DELAY_MS} ms, target < ${TARGET_MS} ms`)
  const settings: [number, number][] = [[batch, concurrency]]
  // Without overrides, also measure the larger batch recommended for DeepSeek, for comparison.
  if (!process.env.BENCH_BATCH && !process.env.BENCH_CONCURRENCY) settings.push([25, concurrency])
  const rows = []
  for (const [b, c] of settings) rows.push(await runOnce(b, c))
  console.table(rows)
  for (const row of rows) {
    const verdict = row.wallMs < TARGET_MS ? 'within target' : 'OVER target'
    console.log(
      `batch ${row.batchSize} × concurrency ${row.concurrency}: ${(row.wallMs / 1000).toFixed(2)} s (${verdict}), ${row.requests} requests, ` +
        `${row.promptTokensPerCue} prompt tokens/cue; one batch at a time would take ${(row.naiveMs / 1000).toFixed(1)} s`,
    )
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
