// Format benchmark: reading and writing back ~5 MB WebVTT and ASS files (the upload limit) with
// lib/subtitles. Run with `npm run bench:formats`. Exits non-zero only when a file reads the wrong
// number of cues or an ASS round trip changes a byte; timings are printed, never asserted.
import { formatAssTime, parseAss, writeAss } from '@/lib/subtitles/ass'
import { parseVtt, writeVtt } from '@/lib/subtitles/vtt'
import { formatMs } from '@/lib/subtitles/time'

const TARGET_BYTES = 5 * 1024 * 1024
const RUNS = 5
const LINES = ['Where are you going?', '你今天晚上有空吗？我们一起去吃饭吧。', '今日はいい天気ですね。', 'C’est la vie, mon ami — ça arrive.']

function build(kind: 'vtt' | 'ass'): { text: string; count: number } {
  const parts = [kind === 'vtt' ? 'WEBVTT\n\nNOTE generated\n\n' : '[Script Info]\nScriptType: v4.00+\n\n[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n']
  let bytes = 0
  let count = 0
  while (bytes < TARGET_BYTES) {
    const start = count * 3000
    const text = LINES[count % LINES.length]
    count++
    const block =
      kind === 'vtt'
        ? `c${count}\n${formatMs(start, '.')} --> ${formatMs(start + 2500, '.')} align:start\n<v Mina>${text}</v>\n\n`
        : `Dialogue: 0,${formatAssTime(start)},${formatAssTime(start + 2500)},Default,Mina,0,0,0,,{\\an8\\i1}${text}{\\i0}\n`
    parts.push(block)
    bytes += Buffer.byteLength(block)
  }
  return { text: parts.join(''), count }
}

function time(label: string, fn: () => unknown) {
  const runs: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now()
    fn()
    runs.push(performance.now() - t0)
  }
  runs.sort((a, b) => a - b)
  console.log(`${label.padEnd(28)} median ${runs[Math.floor(RUNS / 2)].toFixed(1)} ms`)
}

let failed = false
for (const kind of ['vtt', 'ass'] as const) {
  const { text, count } = build(kind)
  console.log(`${kind}: ${(Buffer.byteLength(text) / 1024 / 1024).toFixed(2)} MB, ${count} cues`)
  if (kind === 'vtt') {
    const doc = parseVtt(text)
    if (doc.cues.length !== count) failed = true
    time('parseVtt', () => parseVtt(text))
    time('writeVtt (all replaced)', () => writeVtt(doc, doc.cues.map((c) => c.text)))
  } else {
    const doc = parseAss(text)
    if (doc.cues.length !== count || writeAss(doc, []) !== text) failed = true
    time('parseAss', () => parseAss(text))
    time('writeAss (all replaced)', () => writeAss(doc, doc.cues.map((c) => c.text)))
  }
}
if (failed) {
  console.error('wrong cue count or ASS round trip changed the file')
  process.exit(1)
}
