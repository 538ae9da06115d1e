// Where the page's long main-thread tasks come from (issue 31): reads a Chromium trace (recorded by
// bench:pipeline with BENCH_TRACE=file.json, devtools.timeline and the V8 sampler's categories) and
// prints each task of the renderer's main thread over the limit, with what ran inside it: the
// biggest events (script, style, layout, paint, garbage collection) and the JavaScript functions
// the sampler saw most, by their source file. Also runnable alone: tsx bench/pipeline/long-tasks.ts trace.json
import { readFileSync } from 'node:fs'

type TraceEvent = {
  name: string
  cat: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  id?: string
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a trace's args differ by event
  args?: Record<string, any>
}

const top = <T>(entries: [T, number][], n: number) => entries.sort((a, b) => b[1] - a[1]).slice(0, n)

/** The long tasks of the renderer's main thread in `file` (Chromium's JSON trace), each explained. */
export function explainLongTasks(file: string, { overMs = 100, fromMs = 0, toMs = Infinity }: { overMs?: number; fromMs?: number; toMs?: number } = {}): string[] {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[]
  const events = Array.isArray(raw) ? raw : raw.traceEvents
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((x) => x.pid === e.pid && x.name === 'RunTask' && (x.dur ?? 0) > 50_000))
  if (!main) return ['no renderer main thread in the trace']
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid)
  // The sampler's profile: nodes (functions) and, per chunk, samples with their time deltas.
  const nodes = new Map<number, { name: string; url: string }>()
  const samples: { ts: number; node: number }[] = []
  // The main thread's profile (each worker has its own, with another id).
  const profile = events.find((x) => x.pid === main.pid && x.tid === main.tid && x.name === 'Profile')
  let ts = profile?.args?.data?.startTime ?? 0
  for (const e of events.filter((x) => x.pid === main.pid && x.name === 'ProfileChunk' && x.id === profile?.id).sort((a, b) => a.ts - b.ts)) {
    const data = e.args?.data
    for (const n of data?.cpuProfile?.nodes ?? []) nodes.set(n.id, { name: n.callFrame.functionName || '(anonymous)', url: String(n.callFrame.url ?? '').replace(/^.*\/_next\//, '') })
    ;(data?.cpuProfile?.samples ?? []).forEach((node: number, i: number) => {
      ts += data.timeDeltas?.[i] ?? 0
      samples.push({ ts, node })
    })
  }
  const lines: string[] = []
  const tasks = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > overMs * 1000 && e.ts / 1000 >= fromMs && e.ts / 1000 <= toMs)
  for (const task of tasks) {
    const end = task.ts + task.dur!
    const inside = onMain.filter((e) => e !== task && e.ph === 'X' && e.ts >= task.ts && e.ts < end)
    const byName = new Map<string, number>()
    for (const e of inside) {
      const what = e.name === 'FunctionCall' ? `FunctionCall ${e.args?.data?.functionName ?? ''} ${String(e.args?.data?.url ?? '').replace(/^.*\/_next\//, '')}` : e.name === 'EventDispatch' ? `EventDispatch ${e.args?.data?.type}` : e.name === 'TimerFire' ? 'TimerFire' : e.name
      byName.set(what, (byName.get(what) ?? 0) + (e.dur ?? 0))
    }
    const functions = new Map<string, number>()
    for (const s of samples.filter((x) => x.ts >= task.ts && x.ts < end)) {
      const node = nodes.get(s.node)
      const key = node ? `${node.name} ${node.url}` : `#${s.node}`
      functions.set(key, (functions.get(key) ?? 0) + 1)
    }
    lines.push(`task of ${(task.dur! / 1000).toFixed(0)} ms at ${(task.ts / 1000).toFixed(0)} ms`)
    for (const [name, us] of top([...byName.entries()], 8)) lines.push(`  event ${(us / 1000).toFixed(1)} ms  ${name}`)
    for (const [name, count] of top([...functions.entries()], 10)) lines.push(`  samples ${count}  ${name}`)
  }
  return lines.length > 0 ? lines : [`no main-thread task over ${overMs} ms`]
}

if (process.argv[1]?.endsWith('long-tasks.ts')) for (const line of explainLongTasks(process.argv[2], { overMs: Number(process.argv[3] ?? 100) })) console.log(line)
