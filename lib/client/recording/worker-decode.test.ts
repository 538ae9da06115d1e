// The workers' Opus decoding in a real Chromium (WebCodecs has no Node.js version): packets joined
// by opus-join.ts must decode to the very samples the packets give one by one, and to what
// ffmpeg's libopus makes of the file; a part starting mid-file must get its first frames right
// (its decoder warmed up on pre-roll), as the whole file's decode has them at that time, and so
// must the sound the split search hears from the middle (worker-split.ts); a stereo track decoded
// as mono must be the mean of its two channels, timed as the stereo decode.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ffmpegPath } from '@/lib/media/binaries'
import { openChromiumPage, type ChromiumPage } from '@/test/chromium-page'
import { ROOT } from '@/test/import-graph'
import type { Decoded } from '@/test/opus-decode-page'

const RATE = 48_000
/** How far a stereo track decoded as mono may be from the mean of ffmpeg's stereo decode (16-bit): measured 0.01 % to 0.02 %. */
const MONO_TOLERANCE = 1e-3
const SECONDS = 12

// A tone, a rising sweep and pink noise, different in each channel: CELT with frames of many lengths.
const SOUND = [
  '-f', 'lavfi', '-i', `sine=f=220:r=${RATE}:d=${SECONDS}`,
  '-f', 'lavfi', '-i', `anoisesrc=r=${RATE}:d=${SECONDS}:a=0.1:c=pink`,
  '-f', 'lavfi', '-i', `sine=f=330:r=${RATE}:d=${SECONDS}`,
  '-filter_complex', "[0][1]amix=inputs=2,volume='0.5+0.4*sin(2*PI*1.3*t)':eval=frame,aformat=channel_layouts=mono[l];[2]aeval='val(0)+0.2*sin(2*PI*(200+300*t)*t)',aformat=channel_layouts=mono[r];[l][r]join=inputs=2:channel_layout=stereo[a]",
  '-map', '[a]',
]
const FILES = {
  // Variable bitrate, stereo: frames over 252 bytes, whose lengths take two bytes.
  'stereo VBR': ['-c:a', 'libopus', '-b:a', '96k', '-frame_duration', '20'],
  // Constant bitrate: every frame of one length, joined with CBR framing.
  'stereo CBR': ['-c:a', 'libopus', '-b:a', '64k', '-vbr', 'off', '-frame_duration', '20'],
  // Speech settings, mono: hybrid and CELT frames in turn, so joining stops where the mode changes.
  'mono voip': ['-c:a', 'libopus', '-b:a', '24k', '-application', 'voip', '-ac', '1', '-frame_duration', '20'],
} as const
type Name = keyof typeof FILES

let dir: string
let chromium: ChromiumPage
const files = {} as Record<Name, string>
/** ffmpeg's decode of each file (libopus, 16-bit), interleaved. */
const reference = {} as Record<Name, Float32Array>

const planes = (d: Decoded) => {
  const bytes = Buffer.from(d.base64, 'base64')
  const all = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4)
  return Array.from({ length: d.channels }, (_, c) => all.subarray(c * d.frames, (c + 1) * d.frames))
}

/** The frame within 2 ms of `labelled` where `misfit` is least: where a decode starting there sits on ffmpeg's. */
function placed(labelled: number, misfit: (at: number) => number): number {
  let best = { at: labelled, misfit: misfit(labelled) }
  for (let at = Math.max(0, labelled - 96); at <= labelled + 96; at++) {
    const here = misfit(at)
    if (here < best.misfit) best = { at, misfit: here }
  }
  return best.at
}

async function decode(name: Name, run: () => Promise<Decoded>): Promise<Decoded> {
  await chromium.pick(files[name])
  return run()
}
const decodeAll = (name: Name, maxS: number) => decode(name, () => chromium.page.evaluate((m) => (window as unknown as { decodeAll: (m: number) => Promise<Decoded> }).decodeAll(m), maxS))
const splitSound = (name: Name, startMs: number, spanMs: number) =>
  decode(name, () => chromium.page.evaluate(([s, n]) => (window as unknown as { splitSound: (s: number, n: number) => Promise<Decoded> }).splitSound(s, n), [startMs, spanMs] as const))
const decodeFrom = (name: Name, startMs: number, spanMs: number, mono = false) =>
  decode(name, () => chromium.page.evaluate(([s, n, m]) => (window as unknown as { decodeFrom: (s: number, n: number, m: boolean) => Promise<Decoded> }).decodeFrom(s, n, m), [startMs, spanMs, mono] as const))

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'opus-decode-'))
  const ffmpeg = await ffmpegPath()
  for (const [name, codec] of Object.entries(FILES) as [Name, readonly string[]][]) {
    files[name] = path.join(dir, `${name.replace(/ /g, '-')}.webm`)
    const made = spawnSync(ffmpeg, ['-v', 'error', '-y', ...SOUND, ...codec, files[name]])
    if (made.status !== 0) throw new Error(`ffmpeg failed: ${made.stderr}`)
    const decoded = spawnSync(ffmpeg, ['-v', 'error', '-c:a', 'libopus', '-i', files[name], '-f', 'f32le', '-'], { maxBuffer: 1 << 30 }).stdout
    reference[name] = new Float32Array(decoded.buffer, decoded.byteOffset, decoded.length / 4)
  }
  chromium = await openChromiumPage(readFileSync(path.join(ROOT, 'test/opus-decode-page.ts'), 'utf8'), path.join(ROOT, 'test'))
}, 120_000)

afterAll(async () => {
  await chromium?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('joined Opus packets in Chromium', () => {
  it.each(Object.keys(FILES) as Name[])('%s: decode to the samples of the packets one by one, in at most a third of the calls', async (name) => {
    const single = await decodeAll(name, 0)
    const joined = await decodeAll(name, 0.12)
    expect(single.error).toBeNull()
    expect(joined.error).toBeNull()
    expect(single.calls).toBe(SECONDS * 50 + 1)
    expect(joined.calls).toBeLessThanOrEqual(single.calls / 3)
    expect(joined.frames).toBe(single.frames)
    const [a, b] = [planes(single), planes(joined)]
    let differing = 0
    for (let c = 0; c < a.length; c++) for (let i = 0; i < a[c].length; i++) if (a[c][i] !== b[c][i]) differing++
    expect(differing).toBe(0)
    // And both are what ffmpeg's libopus makes of the file (which rounds to 16 bits), sample for sample.
    const ffmpeg = reference[name]
    const frames = ffmpeg.length / joined.channels
    expect(frames).toBeGreaterThan((SECONDS - 0.1) * RATE)
    let worst = 0
    for (let i = 0; i < frames; i++) for (let c = 0; c < b.length; c++) worst = Math.max(worst, Math.abs(b[c][i] - ffmpeg[i * b.length + c]))
    expect(worst).toBeLessThan(1e-4)
  }, 60_000)
})

describe('a part starting mid-file', () => {
  /** The part's RMS difference from ffmpeg's decode of the whole file over [fromMs, toMs) of the part, relative to the sound's RMS. */
  function difference(part: Float32Array[], ffmpeg: Float32Array, offset: number, fromMs: number, toMs: number) {
    let error = 0
    let level = 0
    for (let i = (fromMs * RATE) / 1000; i < (toMs * RATE) / 1000; i++) {
      for (let c = 0; c < part.length; c++) {
        const want = ffmpeg[(offset + i) * part.length + c]
        error += (part[c][i] - want) ** 2
        level += want ** 2
      }
    }
    return Math.sqrt(error / level)
  }

  it.each([
    ['stereo VBR', 6000],
    ['stereo VBR', 7333],
    ['mono voip', 5010],
  ] as [Name, number][])('%s from %i ms: its first 200 ms are the whole file decode\'s', async (name, startMs) => {
    const part = await decodeFrom(name, startMs, 200)
    // From the packet holding the start (20 ms), labelled in the file's time: not the pre-roll.
    expect(part.firstS).toBeGreaterThan(startMs / 1000 - 0.03)
    expect(part.firstS).toBeLessThanOrEqual(startMs / 1000)
    const samples = planes(part)
    const ffmpeg = reference[name]
    // WebM keeps times to the millisecond: the label may be off by that much, found on the part's last 100 ms.
    const labelled = Math.round(part.firstS * RATE)
    const offset = placed(labelled, (at) => difference(samples, ffmpeg, at, 100, 200))
    expect(Math.abs(offset - labelled)).toBeLessThanOrEqual(72)
    // A decoder started cold here is 40 % to 700 % off in its first 20 ms; warmed up on 400 ms, exact to 16 bits.
    expect(difference(samples, ffmpeg, offset, 0, 20)).toBeLessThan(0.01)
    expect(difference(samples, ffmpeg, offset, 20, 200)).toBeLessThan(0.01)
  }, 60_000)
})

describe('a stereo track decoded as mono', () => {
  /** RMS of `mono` against the mean of ffmpeg's two channels from frame `offset`, relative to that mean's RMS, and the mean's level. */
  function fromMean(mono: Float32Array, ffmpeg: Float32Array, offset: number) {
    let error = 0
    let level = 0
    for (let i = 0; i < mono.length; i++) {
      const want = (ffmpeg[(offset + i) * 2] + ffmpeg[(offset + i) * 2 + 1]) / 2
      error += (mono[i] - want) ** 2
      level += want ** 2
    }
    return { error: Math.sqrt(error / level), level: Math.sqrt(level / mono.length) }
  }

  it.each([
    ['stereo VBR', 0],
    ['stereo CBR', 0],
    ['stereo VBR', 7333],
  ] as [Name, number][])('%s from %i ms: one channel, timed as the stereo decode, the mean of its two channels', async (name, startMs) => {
    const stereo = await decodeFrom(name, startMs, 4000)
    const mono = await decodeFrom(name, startMs, 4000, true)
    expect(mono.channels).toBe(1)
    expect(mono.firstS).toBe(stereo.firstS)
    expect(mono.frames).toBe(stereo.frames)
    // Placed on ffmpeg's decode as the mid-file test above places a part (WebM's millisecond times).
    const labelled = Math.round(stereo.firstS * RATE)
    const samples = planes(mono)[0]
    const { error, level } = fromMean(samples, reference[name], placed(labelled, (at) => fromMean(samples, reference[name], at).error))
    expect(level).toBeGreaterThan(0.05)
    expect(error).toBeLessThan(MONO_TOLERANCE)
  }, 60_000)
})

describe('the split search from the middle of a file', () => {
  /** RMS of `mono` against the mean of ffmpeg's channels over [fromMs, toMs) from frame `offset`, relative to that mean's RMS. */
  function fromMean(mono: Float32Array, ffmpeg: Float32Array, channels: number, offset: number, fromMs: number, toMs: number) {
    let error = 0
    let level = 0
    for (let i = (fromMs * RATE) / 1000; i < (toMs * RATE) / 1000; i++) {
      let want = 0
      for (let c = 0; c < channels; c++) want += ffmpeg[(offset + i) * channels + c] / channels
      error += (mono[i] - want) ** 2
      level += want ** 2
    }
    return Math.sqrt(error / level)
  }

  it.each([
    ['stereo VBR', 6000, 2],
    ['stereo VBR', 7333, 2],
    ['mono voip', 5010, 1],
  ] as [Name, number, number][])('%s from %i ms: hears the first 200 ms as the whole file decode has them', async (name, startMs, channels) => {
    const heard = await splitSound(name, startMs, 200)
    expect(heard.firstS).toBe(startMs / 1000)
    expect(Math.abs(heard.frames - (200 * RATE) / 1000)).toBeLessThanOrEqual(1)
    const samples = planes(heard)[0]
    // Placed on ffmpeg's decode as a part is above (WebM's millisecond times), on the last 100 ms.
    const labelled = Math.round(heard.firstS * RATE)
    const offset = placed(labelled, (at) => fromMean(samples, reference[name], channels, at, 100, 200))
    expect(Math.abs(offset - labelled)).toBeLessThanOrEqual(72)
    // A decoder started cold here is far off in its first 20 ms; warmed up on pre-roll, as a part's.
    expect(fromMean(samples, reference[name], channels, offset, 0, 20)).toBeLessThan(0.01)
    expect(fromMean(samples, reference[name], channels, offset, 20, 200)).toBeLessThan(0.01)
  }, 60_000)
})
