// Subtitle codecs for Matroska that mediabunny does not write. Mediabunny muxes text subtitles only
// as WebVTT (S_TEXT/WEBVTT), which many players and ffmpeg 5.1 do not read. Its blocks carry the cue
// text as given, so they can already hold SRT text or ASS events; what differs is in the track's
// header: the codec ID and the codec private data. These are rewritten in place, byte for byte the
// same length, so no offset in the file moves: a shorter codec ID is followed by an EBML Void
// element, and the codec private data is given its final length up front (see carrierPreamble).
import type { OutputChunk } from './output'

export type MkvTextCodec = { codecId: 'S_TEXT/UTF8' } | { codecId: 'S_TEXT/ASS'; codecPrivate: Uint8Array }

const ID = { segment: 0x18538067, tracks: 0x1654ae6b, trackEntry: 0xae, codecId: 0x86, codecPrivate: 0x63a2, void: 0xec } as const
const CARRIER_CODEC_ID = 'S_TEXT/WEBVTT'

type Element = { id: number; start: number; dataStart: number; end: number }

/**
 * The WebVTT preamble to give mediabunny so that the track's codec private data (the preamble) is
 * exactly `privateBytes` long: ASS's header then fits where the preamble was written.
 */
export function carrierPreamble(privateBytes: number): string {
  const head = 'WEBVTT\n'
  // A run of one character: not blank (the preamble is trimmed) and no cue timing in it.
  return privateBytes > head.length ? head + 'x'.repeat(privateBytes - head.length) : 'WEBVTT'
}

/**
 * The writes that turn the WebVTT tracks of a segment header (as mediabunny's onSegmentHeader gives
 * it, at `position` in the file) into `codecs`, in track order.
 */
export function mkvTextCodecPatches(header: Uint8Array, position: number, codecs: MkvTextCodec[]): OutputChunk[] {
  const segment = readElement(header, 0)
  if (segment.id !== ID.segment) throw new Error('not a Matroska segment header')
  // The segment's size is written at the end; its header is everything given here.
  const tracks = children(header, { ...segment, end: header.length }).find((e) => e.id === ID.tracks)
  if (!tracks) throw new Error('the segment header has no Tracks element')
  const patches: OutputChunk[] = []
  let next = 0
  for (const entry of children(header, tracks).filter((e) => e.id === ID.trackEntry)) {
    const fields = children(header, entry)
    const codecId = fields.find((e) => e.id === ID.codecId)
    if (!codecId || ascii(header.subarray(codecId.dataStart, codecId.end)) !== CARRIER_CODEC_ID) continue
    const codec = codecs[next++]
    if (!codec) throw new Error('more WebVTT tracks than codecs')
    patches.push({ type: 'write', position: position + codecId.start, data: stringElement(ID.codecId, codec.codecId, codecId.end - codecId.start) })
    const codecPrivate = fields.find((e) => e.id === ID.codecPrivate)
    if (codec.codecId === 'S_TEXT/ASS') {
      if (!codecPrivate || codecPrivate.end - codecPrivate.dataStart !== codec.codecPrivate.byteLength) throw new Error('the codec private data was not given its final length')
      patches.push({ type: 'write', position: position + codecPrivate.dataStart, data: codec.codecPrivate })
    } else if (codecPrivate) {
      // SRT has no codec private data: the WebVTT preamble becomes padding.
      patches.push({ type: 'write', position: position + codecPrivate.start, data: voidElement(codecPrivate.end - codecPrivate.start) })
    }
  }
  if (next !== codecs.length) throw new Error(`found ${next} WebVTT tracks for ${codecs.length} codecs`)
  return patches
}

/** An ASCII string element followed by a Void element, `total` bytes in all. */
export function stringElement(id: number, value: string, total: number): Uint8Array {
  const bytes = new TextEncoder().encode(value)
  const element = [...idBytes(id), 0x80 | bytes.length, ...bytes]
  if (bytes.length > 126 || total - element.length < 2) throw new Error('no room for the codec ID')
  const out = new Uint8Array(total)
  out.set(element)
  out.set(voidElement(total - element.length), element.length)
  return out
}

/** An EBML Void element of `total` bytes (at least 2), which readers skip. */
export function voidElement(total: number): Uint8Array {
  if (total < 2) throw new Error('a Void element takes at least 2 bytes')
  const out = new Uint8Array(total)
  out[0] = ID.void
  if (total - 2 <= 126) out[1] = 0x80 | (total - 2)
  else {
    // An 8-byte size for larger padding.
    if (total < 9) throw new Error('unreachable')
    out[1] = 0x01
    let size = total - 9
    for (let i = 8; i >= 2; i--) {
      out[i] = size % 256
      size = Math.floor(size / 256)
    }
  }
  return out
}

function idBytes(id: number): number[] {
  const bytes: number[] = []
  for (let v = id; v > 0; v = Math.floor(v / 256)) bytes.unshift(v % 256)
  return bytes
}

function ascii(bytes: Uint8Array): string {
  return new TextDecoder().decode(bytes).replace(/\0+$/, '')
}

/** The element at `at`: its ID, where its data starts, where it ends (an unknown size runs to the end of `bytes`). */
function readElement(bytes: Uint8Array, at: number): Element {
  const idLength = vintLength(bytes[at])
  if (idLength > 4) throw new Error(`no EBML element at ${at}`)
  let id = 0
  for (let i = 0; i < idLength; i++) id = id * 256 + bytes[at + i]
  const sizeAt = at + idLength
  const sizeLength = vintLength(bytes[sizeAt])
  let size = bytes[sizeAt] & (0xff >> sizeLength)
  let unknown = size === 0xff >> sizeLength
  for (let i = 1; i < sizeLength; i++) {
    size = size * 256 + bytes[sizeAt + i]
    unknown &&= bytes[sizeAt + i] === 0xff
  }
  const dataStart = sizeAt + sizeLength
  return { id, start: at, dataStart, end: unknown ? bytes.length : Math.min(bytes.length, dataStart + size) }
}

function vintLength(first: number): number {
  for (let length = 1; length <= 8; length++) if (first & (0x100 >> length)) return length
  throw new Error('invalid EBML variable-length integer')
}

function children(bytes: Uint8Array, parent: Element): Element[] {
  const out: Element[] = []
  for (let at = parent.dataStart; at < parent.end; ) {
    const element = readElement(bytes, at)
    out.push(element)
    at = element.end
  }
  return out
}
