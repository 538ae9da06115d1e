import { startDeepSeekFake } from '../fakes/deepseek'
import { seededRandom } from '../fakes/faults'
import { translateCues, type CueToTranslate } from '../lib/translate/engine'
import { createDeepSeekProvider } from '../lib/translate/providers/deepseek'

// Measures the translation engine on a generated 1,000-cue Japanese file against the DeepSeek fake
// answering after a fixed delay. Usage: npx tsx bench/translate.ts
// (BENCH_CUES, BENCH_DELAY_MS, BENCH_CONCURRENCY, BENCH_BATCH = the batch-size override)
const ANSWER_DELAY_MS = Number(process.env.BENCH_DELAY_MS ?? 500)
const CUES = Number(process.env.BENCH_CUES ?? 1000)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8)
const BATCH = process.env.BENCH_BATCH ? Number(process.env.BENCH_BATCH) : undefined
const KEY = 'sk-bench'
// The targets of the engine: requests, prompt characters per cue, wall time against the floor.
const MAX_REQUESTS = 25
const MAX_PROMPT_CHARS_PER_CUE = 90
const WALL_FACTOR = 1.3
const PICKUP_MS = 1000

const NAMES = ['ハルカ', 'ソウタ', '田中さん', '先生', 'お母さん', 'ミユキ', '佐藤', 'レン']
const OPENINGS = ['ねえ、', 'ちょっと待って。', 'だから', 'でも', 'まさか', 'それで', '', '', '']
const MIDDLES = [
  '今日は学校に行かないの？',
  'あの日のこと、まだ覚えてる？',
  '駅の前で待ってるって言ったじゃない。',
  'そんなこと、誰にも言えないよ。',
  '明日の試合、絶対に勝とうね。',
  '電話に出てくれなかったから心配した。',
  '<i>あれから三年が経った。</i>',
  'ここで何をしているんですか？',
  '約束は守るって決めたんだ。',
  '雨が止んだら、海を見に行こう。',
  'もう少しだけ、ここにいてもいい？',
  'お腹すいた。\nラーメン食べに行こう。',
]
const SHORT = ['はい。', 'うん。', 'え？', 'ありがとう。', '行くぞ！', 'ごめん。']

/** A Japanese subtitle file as it comes: mostly distinct lines of 5 to 30 characters, a few short repeats. */
function buildJapaneseCues(count: number): CueToTranslate[] {
  const random = seededRandom(20261124)
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]
  return Array.from({ length: count }, (_, i) => {
    if (random() < 0.04) return { id: i + 1, text: pick(SHORT) }
    const text = `${pick(OPENINGS)}${random() < 0.5 ? `${pick(NAMES)}、` : ''}${pick(MIDDLES)}`
    // The cue number keeps lines distinct, as real dialogue mostly is.
    return { id: i + 1, text: `${text}（${i + 1}）` }
  })
}

async function main() {
  const fake = await startDeepSeekFake({ apiKey: KEY, delayMs: ANSWER_DELAY_MS })
  try {
    const provider = createDeepSeekProvider({ baseUrl: fake.url, apiKey: KEY, model: 'deepseek-flash' })
    const cues = buildJapaneseCues(CUES)
    const sourceChars = cues.reduce((sum, c) => sum + c.text.length, 0)
    const started = performance.now()
    const result = await translateCues({ provider, cues, sourceLanguage: 'ja', targetLanguage: 'en', batchSize: BATCH, concurrency: CONCURRENCY })
    const wallMs = performance.now() - started
    const wrong = cues.filter((cue) => result.get(cue.id) !== `[en] ${cue.text}`).length
    if (wrong > 0) throw new Error(`${wrong} cues came back wrong`)

    const { requests, maxInFlight, counters } = fake.stats
    const seen = fake.stats.log.map((r) => r.data as { lines: unknown[]; before: unknown[]; after: unknown[] })
    const floorMs = Math.ceil(requests / CONCURRENCY) * ANSWER_DELAY_MS
    const figures = {
      cues: CUES,
      'source chars per cue': +(sourceChars / CUES).toFixed(1),
      requests,
      'max in flight': maxInFlight,
      'cues per request (min/max)': `${Math.min(...seen.map((r) => r.lines.length))}/${Math.max(...seen.map((r) => r.lines.length))}`,
      'lines sent': counters.lines,
      'prompt chars per cue': +(counters.promptChars / CUES).toFixed(1),
      'system prompt share': `${Math.round((counters.systemChars / counters.promptChars) * 100)}%`,
      'context before per batch': +(counters.contextBefore / requests).toFixed(1),
      'context after per batch': +(counters.contextAfter / requests).toFixed(1),
      'batches with earlier translations': seen.filter((r) => (r.before as { translation?: string }[]).some((c) => c.translation)).length,
      'wall ms': Math.round(wallMs),
      'floor ms': floorMs,
      'wall / floor': +(wallMs / floorMs).toFixed(2),
    }
    console.log(`${CUES} Japanese cues, DeepSeek fake answering after ${ANSWER_DELAY_MS} ms, ${CONCURRENCY} requests in flight${BATCH ? `, batch override ${BATCH}` : ''}`)
    console.table(figures)
    const checks = [
      [`requests ≤ ${MAX_REQUESTS}`, requests <= MAX_REQUESTS],
      [`prompt chars per cue ≤ ${MAX_PROMPT_CHARS_PER_CUE}`, counters.promptChars / CUES <= MAX_PROMPT_CHARS_PER_CUE],
      ['context after the batch as well as before', counters.contextAfter > 0 && counters.contextBefore > 0],
      [`wall ≤ ${WALL_FACTOR} × floor + ${PICKUP_MS} ms`, wallMs <= WALL_FACTOR * floorMs + PICKUP_MS],
      ['every cue translated once, by id', counters.lines <= CUES],
    ] as const
    for (const [what, isMet] of checks) console.log(`${isMet ? 'met   ' : 'MISSED'} ${what}`)
  } finally {
    await fake.close()
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
