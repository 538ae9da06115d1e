// Parse benchmark: our single-pass parseSrt against srt-parser-2 and subtitle's parseSync on a
// deterministic ~5 MB file, then decodeSubtitleBytes on ~5 MB legacy code-page files (the code-page
// choice weighs every single-byte candidate). Run with `npx tsx bench/parse.ts`. Exits non-zero
// only when parseSrt returns the wrong number of cues or a file decodes wrong; timings are printed,
// never asserted.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import iconv from 'iconv-lite'
import SrtParser from 'srt-parser-2'
import { parseSync } from 'subtitle'
import { decodeSubtitleBytes, parseSrt } from '@/lib/subtitles'
import { srtOf, TEXTS } from '@/lib/subtitles/fixtures/code-page-texts'
import { formatMs } from '@/lib/subtitles/time'

const TARGET_BYTES = 5 * 1024 * 1024
const WARMUP_RUNS = 3
const TIMED_RUNS = 7

const LINES = [
  'Where are you going?',
  '<i>I told you already, we leave at dawn.</i>',
  '你今天晚上有空吗？我们一起去吃饭吧。',
  '這是一個測試字幕，請不要在意。',
  '今日はいい天気ですね。散歩に行きましょう。',
  '안녕하세요, 만나서 반갑습니다.',
  'Привет, как дела? Всё хорошо.',
  'C’est la vie, mon ami — ça arrive.',
  '{\\an8}<font color="#ffff00">[MUSIC PLAYING]</font>',
  'مرحبا، كيف حالك اليوم؟',
]

/** Deterministic file: a fixed LCG picks 1-3 lines per cue; CRLF endings like most real uploads. */
function buildSrt(): { text: string; count: number } {
  let seed = 42
  const next = (): number => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
    return seed
  }
  const parts: string[] = []
  let bytes = 0
  let clock = 0
  let count = 0
  while (bytes < TARGET_BYTES) {
    count++
    const start = clock + (next() % 500)
    const end = start + 800 + (next() % 4_000)
    clock = end
    const lineCount = 1 + (next() % 3)
    const lines: string[] = []
    for (let i = 0; i < lineCount; i++) lines.push(LINES[next() % LINES.length])
    const block = `${count}\r\n${formatMs(start)} --> ${formatMs(end)}\r\n${lines.join('\r\n')}\r\n\r\n`
    parts.push(block)
    bytes += Buffer.byteLength(block)
  }
  return { text: parts.join(''), count }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

// A full GC before each timed run, so one parser's garbage is not billed to the next. Exposing gc at
// runtime avoids needing NODE_OPTIONS=--expose-gc.
setFlagsFromString('--expose-gc')
const collectGarbage = runInNewContext('gc') as () => void

type Result = { name: string; medianMs: number; count: number; heapDeltaMb: number }

function measure(name: string, run: () => number): Result {
  let count = 0
  for (let i = 0; i < WARMUP_RUNS; i++) count = run()
  const times: number[] = []
  let peakDelta = 0
  for (let i = 0; i < TIMED_RUNS; i++) {
    collectGarbage()
    const heapBefore = process.memoryUsage().heapUsed
    const started = performance.now()
    count = run()
    times.push(performance.now() - started)
    // Heap right after the run, result still reachable; a GC during the run can hide a higher peak.
    peakDelta = Math.max(peakDelta, process.memoryUsage().heapUsed - heapBefore)
  }
  return { name, medianMs: median(times), count, heapDeltaMb: peakDelta / 1024 / 1024 }
}

const { text, count: expected } = buildSrt()
console.log(`input: ${(Buffer.byteLength(text) / 1024 / 1024).toFixed(2)} MB, ${expected} cues, ${TIMED_RUNS} timed runs after ${WARMUP_RUNS} warm-ups`)

const srtParser = new SrtParser()
const results = [
  measure('parseSrt (lib/subtitles)', () => parseSrt(text).length),
  measure('srt-parser-2 fromSrt', () => srtParser.fromSrt(text).length),
  measure('subtitle parseSync', () => parseSync(text).length),
]

const ours = results[0]
for (const r of results) {
  const speedup = r === ours ? '' : `  (parseSrt is ${(r.medianMs / ours.medianMs).toFixed(1)}x faster)`
  console.log(`${r.name.padEnd(24)} median ${r.medianMs.toFixed(1).padStart(7)} ms  cues ${String(r.count).padStart(6)}  max heap delta +${r.heapDeltaMb.toFixed(1)} MB${speedup}`)
}

if (ours.count !== expected) {
  console.error(`parseSrt returned ${ours.count} cues, expected ${expected}`)
  process.exit(1)
}

// Decoding: ~5 MB files in single-byte code pages, where the code page is guessed from the content.
const LEGACY_FILES: [string, keyof typeof TEXTS][] = [
  ['windows-1250', 'serbian'],
  ['windows-1251', 'russian'],
  ['windows-1252', 'french'],
]
for (const [encoding, language] of LEGACY_FILES) {
  const cues = Math.round(TARGET_BYTES / (Buffer.byteLength(srtOf(TEXTS[language], 100)) / 100))
  const legacyText = srtOf(TEXTS[language], cues)
  const bytes = new Uint8Array(iconv.encode(legacyText, encoding))
  let decoded = ''
  const r = measure(`decode ${encoding}`, () => {
    decoded = decodeSubtitleBytes(bytes)
    return 1
  })
  console.log(`${r.name.padEnd(24)} median ${r.medianMs.toFixed(1).padStart(7)} ms  ${(bytes.length / 1024 / 1024).toFixed(2)} MB ${language}`)
  if (decoded !== legacyText) {
    console.error(`${encoding} ${language} decoded wrong`)
    process.exit(1)
  }
}
