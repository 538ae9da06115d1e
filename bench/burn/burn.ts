// bench:burn (issue 29): the burn-in export in Chromium on this machine, run in the export's worker
// as the product runs it, for a 720p 60 s video and a longer one (BENCH_LONG_MINUTES, default 10):
// burn-in wall time, a plain re-encode of the same file with the same pipeline and settings in the
// same run (the ratio), the server's ffmpeg burning the same subtitles with libx264 `veryfast` at the
// bitrate the browser produced (the same size; the ratio), the SSIM of each against the source above
// the subtitles (both brought to limited range first, as a player shows them), the colour tags of
// the browser's file, peak memory of the page (its renderer
// process's resident memory, workers included, by the pid the browser reports), and the
// subtitle-track export (MKV, nothing re-encoded) of a 1 GB file. Median of BENCH_RUNS (default 3).
//
// Usage: npm run bench:burn   (BENCH_RUNS=3, BENCH_LONG_MINUTES=10, BENCH_SKIP_LONG=1 to run the
// 60 s file only, BENCH_ONLY_TRACKS=1 the track export only, BENCH_TRACKS_MB=1024 the track export's
// file size; the videos are written once to $TMPDIR/bench-burn and kept for reruns). A smoke run:
// BENCH_RUNS=1 BENCH_LONG_MINUTES=2 BENCH_TRACKS_MB=100 npm run bench:burn
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdir, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { StyledCue } from '@/components/video-export/styled-renderer'
import { closeBench, openBenchPage, peakRendererMemory } from './browser'

const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const LONG_MINUTES = Number(process.env.BENCH_LONG_MINUTES ?? 10)
/** The track export's file size (a smoke run may take a smaller one). */
const TRACKS_MB = Number(process.env.BENCH_TRACKS_MB ?? 1024)
const MB = 1024 * 1024
const DIR = path.join(tmpdir(), 'bench-burn')

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

/** A moving test pattern with a tone, 1280x720, 30 fps, H.264 + AAC in MP4 (written once). */
async function testVideo(name: string, durationS: number, extra: string[] = []): Promise<string> {
  const file = path.join(DIR, name)
  if ((await stat(file).catch(() => null))?.size) return file
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', String(durationS), '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', ...extra, '-c:a', 'aac', '-b:a', '128k', file])
  return file
}

/** About TRACKS_MB (1 GB) of H.264 + AAC: a noisy 30 s clip at a high bitrate, repeated without re-encoding. */
async function bigVideo(): Promise<string> {
  const file = path.join(DIR, TRACKS_MB === 1024 ? 'one-gigabyte.mp4' : `${TRACKS_MB}-mb.mp4`)
  if ((await stat(file).catch(() => null))?.size) return file
  const clip = path.join(DIR, 'noisy-clip.mp4')
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30,noise=alls=40:allf=t', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', '30', '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '24M', '-maxrate', '24M', '-bufsize', '8M', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', clip])
  const repeats = Math.ceil((TRACKS_MB * MB) / (await stat(clip)).size)
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-stream_loop', String(repeats - 1), '-i', clip, '-c', 'copy', file])
  return file
}

/** A cue every 3 s, 2.5 s long, in English (no bundled font to fetch). */
function cuesFor(durationS: number): StyledCue[] {
  const lines = ['The river was quiet in the morning.', 'We walked to the old bridge and waited.', 'Nobody came, so we went home again.']
  return Array.from({ length: Math.floor(durationS / 3) }, (_, i) => ({ startMs: i * 3000 + 200, endMs: i * 3000 + 2700, original: lines[i % 3], translation: `[fr] ${lines[i % 3]}` }))
}

async function srtFile(cues: StyledCue[], name: string): Promise<string> {
  const t = (ms: number) => new Date(ms).toISOString().slice(11, 23).replace('.', ',')
  const file = path.join(DIR, name)
  await writeFile(file, cues.map((c, i) => `${i + 1}\n${t(c.startMs)} --> ${t(c.endMs)}\n${c.translation}\n`).join('\n'))
  return file
}

/** The server's way: ffmpeg with libass and libx264 `veryfast` at the browser's video bitrate, audio copied. */
function ffmpegBurn(source: string, srt: string, videoKbps: number, out: string): number {
  const started = performance.now()
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', source, '-vf', `subtitles=${srt}:force_style='Fontsize=22,Outline=2,Shadow=0,MarginV=30'`, '-c:v', 'libx264', '-preset', 'veryfast', '-b:v', `${videoKbps}k`, '-c:a', 'copy', '-f', 'mp4', out])
  return performance.now() - started
}

/**
 * SSIM of `file` against `source` over the top three quarters of the picture (above the subtitles),
 * each read by its own colour tags and brought to limited range, as a player shows it.
 */
function ssimAboveSubtitles(file: string, source: string): { all: number; db: number } {
  const side = (i: number, label: string) => `[${i}:v]scale=out_range=tv,format=yuv420p,crop=iw:trunc(ih*3/8)*2:0:0[${label}]`
  // ffmpeg prints the SSIM summary on stderr.
  const { stderr } = spawnSync('ffmpeg', ['-v', 'info', '-nostats', '-i', file, '-i', source, '-lavfi', `${side(0, 'a')};${side(1, 'b')};[a][b]ssim`, '-f', 'null', '-'], { encoding: 'utf8' })
  return parseSsim(stderr)
}

function parseSsim(log: string): { all: number; db: number } {
  const match = /All:([\d.]+) \(([\d.]+|inf)\)/.exec(log)
  if (!match) throw new Error(`no SSIM in ffmpeg's output: ${log.slice(-400)}`)
  return { all: Number(match[1]), db: match[2] === 'inf' ? Infinity : Number(match[2]) }
}

/** The video stream's colour tags, as ffprobe reads them. */
function colourTags(file: string): string {
  const out = execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=color_range,color_space,color_transfer,color_primaries', '-of', 'default=nw=1', file], { encoding: 'utf8' })
  return out.trim().split('\n').join(', ')
}

async function benchFile(label: string, file: string, durationS: number) {
  const cues = cuesFor(durationS)
  const srt = await srtFile(cues, `${path.basename(file)}.srt`)
  const browserOut = path.join(DIR, 'browser-out.mp4')
  const ffmpegOut = path.join(DIR, 'ffmpeg-out.mp4')
  const burn: number[] = []
  const plain: number[] = []
  const memory: number[] = []
  const browserSsim: { all: number; db: number }[] = []
  let bytes = 0
  let audio = ''
  let tags = ''
  for (let run = 0; run < RUNS; run++) {
    for (const isPlain of [false, true]) {
      const page = await openBenchPage(file, isPlain ? null : browserOut)
      const sampler = peakRendererMemory(await page.rendererPids())
      const result = await page.run('burn', { cues, preset: 'outlined', plain: isPlain })
      const peak = sampler.stop()
      await page.close()
      if (isPlain) plain.push(result.ms)
      else {
        burn.push(result.ms)
        memory.push(peak)
        bytes = result.bytes
        audio = result.audio ?? ''
        browserSsim.push(ssimAboveSubtitles(browserOut, file))
        tags = colourTags(browserOut)
      }
      const ssim = isPlain ? '' : `, SSIM ${browserSsim.at(-1)!.all.toFixed(4)} (${browserSsim.at(-1)!.db.toFixed(1)} dB)`
      console.log(`${label} run ${run + 1} ${isPlain ? 'plain re-encode' : 'burn-in'}: ${seconds(result.ms)}, ${(result.bytes / MB).toFixed(1)} MB out${isPlain ? '' : `, page peak ${(peak / MB).toFixed(0)} MB${ssim}`}`)
    }
  }
  // The browser's video bitrate (its output less the copied 128 kbit/s of sound), for ffmpeg to match.
  const videoKbps = Math.max(200, Math.round((bytes * 8) / durationS / 1000 - 128))
  const server = Array.from({ length: RUNS }, () => ffmpegBurn(file, srt, videoKbps, ffmpegOut))
  const serverSsim = ssimAboveSubtitles(ffmpegOut, file)
  const serverBytes = (await stat(ffmpegOut)).size
  const [b, p, s] = [median(burn), median(plain), median(server)]
  const bSsim = [...browserSsim].sort((x, y) => x.db - y.db)[Math.floor(browserSsim.length / 2)]
  const ssimText = ({ all, db }: { all: number; db: number }) => `SSIM ${all.toFixed(4)} (${db.toFixed(1)} dB)`
  console.log(`\n${label} (median of ${RUNS}), audio ${audio}:`)
  console.log(`  burn-in in Chromium:           ${seconds(b)}  (${(durationS / (b / 1000)).toFixed(2)}x real time), ${(bytes / MB).toFixed(1)} MB, ${ssimText(bSsim)}`)
  console.log(`  plain re-encode, same run:     ${seconds(p)}  -> burn-in / plain = ${(b / p).toFixed(2)}x`)
  console.log(`  ffmpeg libx264 veryfast+libass: ${seconds(s)} at ${videoKbps} kbit/s, ${(serverBytes / MB).toFixed(1)} MB, ${ssimText(serverSsim)} -> browser / ffmpeg = ${(b / s).toFixed(2)}x time, ${(bSsim.db - serverSsim.db).toFixed(1)} dB SSIM`)
  console.log(`  browser file's colour tags:    ${tags}`)
  console.log(`  peak page memory (renderer):   ${(median(memory) / MB).toFixed(0)} MB\n`)
}

await mkdir(DIR, { recursive: true })
if (process.env.BENCH_ONLY_TRACKS !== '1') await benchFile('720p, 60 s', await testVideo('720p-60s.mp4', 60), 60)
if (process.env.BENCH_SKIP_LONG !== '1' && process.env.BENCH_ONLY_TRACKS !== '1') await benchFile(`720p, ${LONG_MINUTES} min`, await testVideo(`720p-${LONG_MINUTES}min.mp4`, LONG_MINUTES * 60), LONG_MINUTES * 60)

const big = await bigVideo()
const bigSize = (await stat(big)).size
const runs: number[] = []
for (let run = 0; run < RUNS; run++) {
  const page = await openBenchPage(big)
  const sampler = peakRendererMemory(await page.rendererPids())
  const result = await page.run('tracks', { cues: cuesFor(600) })
  const peak = sampler.stop()
  await page.close()
  runs.push(result.ms)
  console.log(`track export run ${run + 1}: ${seconds(result.ms)}, ${(result.bytes / MB).toFixed(0)} MB out, page peak ${(peak / MB).toFixed(0)} MB`)
}
console.log(`track export (MKV, two subtitle tracks, nothing re-encoded) of ${(bigSize / MB).toFixed(0)} MB (median of ${RUNS}): ${seconds(median(runs))}`)
await closeBench()
