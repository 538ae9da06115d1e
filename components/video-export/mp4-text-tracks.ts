// 3GPP timed text (tx3g, ffmpeg's "mov_text") subtitle tracks for an MP4 that mediabunny has muxed.
// Mediabunny writes MP4 subtitles only as WebVTT (wvtt), which ffmpeg 5.1 and many players list
// as data, not subtitles. Its MP4 ends with the movie box when fast start is off, so the tracks
// are added there: the movie box is replaced by a media data box holding every cue's sample, then
// the movie box again with one text track more per language (tagged, titled, the first enabled).
// Nothing before the old movie box moves.
import { cueLines } from './cue-lines'

export type TextTrackCue = { startMs: number; endMs: number; text: string }
export type TextTrack = {
  /** ISO 639-2/T, as MP4 stores it (`fra`, `zho`). */
  language: string
  title: string
  isDefault: boolean
  cues: TextTrackCue[]
}

/** The text tracks' timescale: cue times are whole milliseconds. */
const TIMESCALE = 1000
/** The largest text a tx3g sample holds (its length is 16 bits). */
const MAX_SAMPLE_TEXT = 0xffff

type Sample = { durationMs: number; bytes: Uint8Array }
type Box = { type: string; start: number; end: number }

/**
 * The bytes to write at `moovPosition` (where mediabunny put the movie box `moov`, the last box of
 * the file): the text samples in a media data box, then the movie box with `tracks` added.
 */
export function withTextTracks(moov: Uint8Array, moovPosition: number, tracks: TextTrack[]): Uint8Array {
  const top = readBox(moov, 0)
  if (top.type !== 'moov') throw new Error('not a movie box')
  const parts = childBoxes(moov, top)
  const mvhd = parts.find((b) => b.type === 'mvhd')
  if (!mvhd) throw new Error('the movie box has no mvhd')
  const header = movieHeader(moov, mvhd)

  const samples = tracks.map((track) => toSamples(track.cues, header.durationMs))
  const mdatHeader = 8
  const mdatSize = mdatHeader + samples.flat().reduce((sum, s) => sum + s.bytes.byteLength, 0)
  let offset = moovPosition + mdatHeader
  const traks = tracks.map((track, i) => {
    const chunkOffset = offset
    offset += samples[i].reduce((sum, s) => sum + s.bytes.byteLength, 0)
    return trak(track, samples[i], { trackId: header.nextTrackId + i, movieTimescale: header.timescale, chunkOffset })
  })

  // The movie box's own children, mvhd with the next free track ID, the new tracks after the last track.
  const lastTrak = parts.reduce((at, b, i) => (b.type === 'trak' ? i : at), -1)
  const children: Uint8Array[] = []
  parts.forEach((b, i) => {
    const bytes = moov.slice(b.start, b.end)
    if (b.type === 'mvhd') new DataView(bytes.buffer).setUint32(header.nextTrackIdAt - b.start, header.nextTrackId + tracks.length)
    children.push(bytes)
    if (i === lastTrak) children.push(...traks)
  })
  if (lastTrak === -1) children.push(...traks)
  const mdat = concat([u32(mdatSize), ascii('mdat'), ...samples.flat().map((s) => s.bytes)])
  return concat([mdat, box('moov', children)])
}

/**
 * The samples of one track: each cue's text, an empty sample over every gap (from 0), and one after
 * the last cue up to `endMs` (a tx3g sample lasts until the next one; players show the last cue
 * to the end otherwise).
 */
export function toSamples(cues: TextTrackCue[], endMs = 0): Sample[] {
  const sorted = cues.map((c) => ({ ...c, text: cueLines(c.text) })).filter((c) => c.endMs > c.startMs && c.text !== '').sort((a, b) => a.startMs - b.startMs)
  const samples: Sample[] = []
  let at = 0
  sorted.forEach((cue, i) => {
    const start = Math.max(Math.round(cue.startMs), at)
    // One cue at a time: a cue ends where the next begins.
    const end = Math.min(Math.round(cue.endMs), i + 1 < sorted.length ? Math.max(start, Math.round(sorted[i + 1].startMs)) : Infinity)
    if (end <= start) return
    if (start > at) samples.push({ durationMs: start - at, bytes: textSample('') })
    samples.push({ durationMs: end - start, bytes: textSample(cue.text) })
    at = end
  })
  if (samples.length > 0) samples.push({ durationMs: Math.max(1, Math.round(endMs) - at), bytes: textSample('') })
  return samples
}

/** A tx3g sample: the text's length in bytes (16 bits), then its UTF-8. */
function textSample(text: string): Uint8Array {
  let bytes = new TextEncoder().encode(text.replace(/\r\n?/g, '\n'))
  if (bytes.byteLength > MAX_SAMPLE_TEXT) bytes = bytes.subarray(0, MAX_SAMPLE_TEXT)
  return concat([u16(bytes.byteLength), bytes])
}

function trak(track: TextTrack, samples: Sample[], { trackId, movieTimescale, chunkOffset }: { trackId: number; movieTimescale: number; chunkOffset: number }): Uint8Array {
  const durationMs = samples.reduce((sum, s) => sum + s.durationMs, 0)
  const movieDuration = Math.round((durationMs * movieTimescale) / TIMESCALE)
  // Enabled and in the movie for the track that plays by default, in the movie for the others.
  const tkhd = fullBox('tkhd', 1, track.isDefault ? 3 : 2, [
    u64(0), u64(0), u32(trackId), u32(0), u64(movieDuration), u32(0), u32(0),
    // Layer 0, alternate group 2 (the subtitle tracks are alternatives to each other), volume 0.
    u16(0), u16(2), u16(0), u16(0),
    matrix(), u32(0), u32(0),
  ])
  const mdhd = fullBox('mdhd', 1, 0, [u64(0), u64(0), u32(TIMESCALE), u64(durationMs), u16(packedLanguage(track.language)), u16(0)])
  const hdlr = fullBox('hdlr', 0, 0, [u32(0), ascii('sbtl'), u32(0), u32(0), u32(0), ascii('SubtitleHandler\0')])
  const dinf = box('dinf', [fullBox('dref', 0, 0, [u32(1), fullBox('url ', 0, 1, [])])])
  const stbl = box('stbl', [
    fullBox('stsd', 0, 0, [u32(1), tx3gSampleEntry()]),
    fullBox('stts', 0, 0, timeToSample(samples)),
    fullBox('stsc', 0, 0, samples.length ? [u32(1), u32(1), u32(samples.length), u32(1)] : [u32(0)]),
    fullBox('stsz', 0, 0, [u32(0), u32(samples.length), ...samples.map((s) => u32(s.bytes.byteLength))]),
    fullBox('stco', 0, 0, samples.length ? [u32(1), u32(chunkOffset)] : [u32(0)]),
  ])
  const minf = box('minf', [fullBox('nmhd', 0, 0, []), dinf, stbl])
  // The title players show, where ffmpeg writes and reads it: the track's user data, "name".
  // (ffmpeg 5.1 reads no track title from an MP4, not even its own; later versions and players read this.)
  const udta = box('udta', [box('name', [new TextEncoder().encode(track.title)])])
  return box('trak', [tkhd, box('mdia', [mdhd, hdlr, minf]), udta])
}

/** The sample entry with ffmpeg's mov_text defaults (players draw these as plain subtitles): centred at the bottom, white Arial. */
function tx3gSampleEntry(): Uint8Array {
  const ftab = box('ftab', [u16(1), u16(1), new Uint8Array([5]), ascii('Arial')])
  return box('tx3g', [
    new Uint8Array(6), u16(1), // reserved, data reference index
    u32(0), new Uint8Array([0x01, 0xff]), new Uint8Array([0, 0, 0, 0xff]), // display flags, justification, background
    new Uint8Array(8), // default text box
    u16(0), u16(0), u16(1), new Uint8Array([0, 0x10, 0xff, 0xff, 0xff, 0xff]), // default style
    ftab,
  ])
}

function timeToSample(samples: Sample[]): Uint8Array[] {
  const runs: { count: number; delta: number }[] = []
  for (const s of samples) {
    const last = runs.at(-1)
    if (last && last.delta === s.durationMs) last.count++
    else runs.push({ count: 1, delta: s.durationMs })
  }
  return [u32(runs.length), ...runs.flatMap((r) => [u32(r.count), u32(r.delta)])]
}

/** ISO 639-2/T in mdhd's 15 bits: each letter less 0x60, five bits each. */
export function packedLanguage(code: string): number {
  const letters = /^[a-z]{3}$/.test(code) ? code : 'und'
  return [...letters].reduce((v, c) => (v << 5) | (c.charCodeAt(0) - 0x60), 0)
}

function movieHeader(bytes: Uint8Array, mvhd: Box) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const body = mvhd.start + 8
  const version = bytes[body]
  const timescaleAt = body + 4 + (version === 1 ? 16 : 8)
  const timescale = view.getUint32(timescaleAt)
  const duration = version === 1 ? Number(view.getBigUint64(timescaleAt + 4)) : view.getUint32(timescaleAt + 4)
  // duration, rate, volume, reserved, matrix, pre_defined, then next_track_ID.
  const nextTrackIdAt = timescaleAt + 4 + (version === 1 ? 8 : 4) + 4 + 2 + 10 + 36 + 24
  return { timescale, durationMs: timescale > 0 ? (duration * TIMESCALE) / timescale : 0, nextTrackId: view.getUint32(nextTrackIdAt), nextTrackIdAt }
}

function readBox(bytes: Uint8Array, at: number): Box {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let size = view.getUint32(at)
  let header = 8
  if (size === 1) {
    size = Number(view.getBigUint64(at + 8))
    header = 16
  } else if (size === 0) size = bytes.byteLength - at
  if (size < header || at + size > bytes.byteLength) throw new Error(`a box overruns the movie box at ${at}`)
  return { type: String.fromCharCode(...bytes.subarray(at + 4, at + 8)), start: at, end: at + size }
}

function childBoxes(bytes: Uint8Array, parent: Box): Box[] {
  const out: Box[] = []
  for (let at = parent.start + 8; at < parent.end; ) {
    const b = readBox(bytes, at)
    out.push(b)
    at = b.end
  }
  return out
}

function box(type: string, parts: Uint8Array[]): Uint8Array {
  const body = concat(parts)
  return concat([u32(8 + body.byteLength), ascii(type), body])
}

function fullBox(type: string, version: number, flags: number, parts: Uint8Array[]): Uint8Array {
  return box(type, [new Uint8Array([version, (flags >> 16) & 0xff, (flags >> 8) & 0xff, flags & 0xff]), ...parts])
}

function matrix(): Uint8Array {
  return concat([0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000].map(u32))
}

const ascii = (text: string) => new Uint8Array([...text].map((c) => c.charCodeAt(0) & 0xff))

function u16(n: number): Uint8Array {
  return new Uint8Array([(n >> 8) & 0xff, n & 0xff])
}

function u32(n: number): Uint8Array {
  const out = new Uint8Array(4)
  new DataView(out.buffer).setUint32(0, n)
  return out
}

function u64(n: number): Uint8Array {
  const out = new Uint8Array(8)
  new DataView(out.buffer).setBigUint64(0, BigInt(n))
  return out
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.byteLength, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.byteLength
  }
  return out
}
