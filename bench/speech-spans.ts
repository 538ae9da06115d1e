// Speech found in a recording's own sound (issue 30): a recording of real speech (espeak-ng
// sentences every 20 s on silence, as a 16 kHz WAV) is decoded as a transcription decodes it
// (lib/media decodeForChunks) and its spans of speech found from the samples. Prints the length,
// the decode time, the detection time and its rate, and the worst distance of a sentence's sound
// from the span found for it (onset and offset).
// Usage: npm run bench:speech  (BENCH_MINUTES, default 180)
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { decodeForChunks, speechSpansOfPcm } from '@/lib/media'
import { makeRecording } from '@/test/speech-audio'

const MINUTES = Number(process.env.BENCH_MINUTES ?? 180)
const TEXTS = ['The next part of the lecture starts now.', 'Please take a moment to look at this chart.', 'We will come back to this question later.']

const dir = mkdtempSync(path.join(tmpdir(), 'bench-speech-'))
try {
  const totalMs = MINUTES * 60_000
  const sentences = Array.from({ length: Math.floor(totalMs / 20_000) - 1 }, (_, k) => ({ text: TEXTS[k % TEXTS.length], atMs: 5000 + k * 20_000 }))
  const file = path.join(dir, 'talk.wav')
  const placed = await makeRecording({ sentences, totalMs, file, format: 'wav', wavRate: 16_000 })
  let started = performance.now()
  const decoded = await decodeForChunks(file, { out: path.join(dir, 'talk.pcm') })
  const decodeMs = performance.now() - started
  started = performance.now()
  const spans = await speechSpansOfPcm(path.join(dir, 'talk.pcm'))
  const detectMs = performance.now() - started
  let worstOnset = 0
  let worstOffset = 0
  let missed = 0
  for (const p of placed) {
    const found = spans.filter((s) => s.endMs > p.startMs - 500 && s.startMs < p.endMs + 500)
    if (found.length === 0) {
      missed++
      continue
    }
    worstOnset = Math.max(worstOnset, Math.abs(found[0].startMs - p.startMs))
    worstOffset = Math.max(worstOffset, Math.abs(found[found.length - 1].endMs - p.endMs))
  }
  console.log(`recording: ${(decoded.durationMs / 60_000).toFixed(1)} min, ${placed.length} sentences`)
  console.log(`decode to 16 kHz samples: ${(decodeMs / 1000).toFixed(2)} s`)
  console.log(`speech found: ${spans.length} spans in ${(detectMs / 1000).toFixed(2)} s (${((decoded.durationMs / detectMs) | 0)}x real time)`)
  console.log(`sentences missed: ${missed}; worst onset error ${worstOnset} ms, worst offset error ${worstOffset} ms`)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
