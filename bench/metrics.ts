// What the metric hooks cost each call, with tracing off (the default) and on (spans recorded and
// batched to an OTLP receiver on this machine). Run with `npm run bench:metrics`. Figures are
// printed (median of 5 runs of N calls), never asserted.
import { startOtlpReceiver } from '@/fakes/otlp'
import { countPoints, metricsText, observeProvider, timeStage } from '@/lib/metrics'
import { inSpan } from '@/lib/tracing'
import { startTracing } from '@/lib/tracing/start'

const N = Number(process.env.BENCH_CALLS ?? 200_000)
const RUNS = 5

async function nsPerCall(run: () => unknown | Promise<unknown>): Promise<number> {
  const times: number[] = []
  for (let r = 0; r < RUNS; r++) {
    const started = process.hrtime.bigint()
    for (let i = 0; i < N; i++) await run()
    times.push(Number(process.hrtime.bigint() - started) / N)
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]
}

const work = async () => 'completed'

async function table(label: string) {
  const bare = await nsPerCall(work)
  const span = await nsPerCall(() => inSpan('task', {}, work))
  const stage = await nsPerCall(() => timeStage('translating', work))
  const provider = await nsPerCall(() => observeProvider('deepseek', 200, performance.now()))
  const points = await nsPerCall(() => countPoints('reserved', 10))
  console.log(`${label}: awaited no-op ${bare.toFixed(0)} ns; inSpan around it ${span.toFixed(0)} ns; timeStage around it ${stage.toFixed(0)} ns; observeProvider ${provider.toFixed(0)} ns; countPoints ${points.toFixed(0)} ns`)
}

await table('tracing off')
const receiver = await startOtlpReceiver()
const tracing = await startTracing({ endpoint: receiver.url, serviceName: 'bench' })
await table('tracing on ')
await tracing.shutdown()
await receiver.close()
const started = performance.now()
const { body } = await metricsText()
console.log(`one scrape's text: ${body.length} bytes in ${(performance.now() - started).toFixed(1)} ms (N=${N}, median of ${RUNS})`)
