// npm run bench:media-check – what checking a recording costs (issue 27 items 1 and 2): the time to
// read its header and decode it whole (samples counted), for an honest 20-minute WebM/Opus talk,
// the same with its TimecodeScale falsified, 30 hours of FLAC silence in Matroska with no duration
// (decoding stops just past the 3-hour limit), and that file decoded uncapped as before the fix.
// Prints one line per file: what the header claims, what decodes, and the milliseconds each took.
import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { decodedLengthMs, readAudioHeader } from '@/lib/media'
import { mediaToolVersions } from '@/lib/media/versions'
import { makeLongWebm, makeSilentFlacMatroska, patchTimecodeScale } from '@/test/altered-recordings'

const LIMIT_MS = 3 * 3600_000 + 1000

async function measure(name: string, file: string, capMs?: number) {
  let started = performance.now()
  const header = await readAudioHeader(file)
  const headerMs = Math.round(performance.now() - started)
  started = performance.now()
  const decoded = await decodedLengthMs(file, { capMs })
  const decodeMs = Math.round(performance.now() - started)
  console.log(`${name.padEnd(38)} ${String(Math.round(statSync(file).size / 1024)).padStart(6)} KB  header ${String(header?.headerDurationMs ?? 'none').padStart(9)} ms  decoded ${String(decoded).padStart(9)} ms  probe ${headerMs} ms  decode ${decodeMs} ms`)
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-media-check-'))
  try {
    const { ffmpeg } = await mediaToolVersions()
    console.log(`ffmpeg ${ffmpeg.version} (${ffmpeg.source}, ${ffmpeg.path})`)
    const talk = path.join(dir, 'talk.webm')
    await makeLongWebm(talk, { totalMs: 20 * 60_000, sentences: [{ text: 'Good morning and welcome to the studio.', atMs: 1000 }] })
    const altered = path.join(dir, 'altered.webm')
    copyFileSync(talk, altered)
    patchTimecodeScale(altered, 1000)
    const flac = path.join(dir, 'silence.mka')
    await makeSilentFlacMatroska(flac, { hours: 30 })
    await measure('20-minute WebM/Opus', talk, LIMIT_MS)
    await measure('same, TimecodeScale 1000', altered, LIMIT_MS)
    await measure('30 h FLAC silence, capped at 3 h', flac, LIMIT_MS)
    await measure('30 h FLAC silence, uncapped (before)', flac)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

void main()
