// Peaks as bytes, to store with a task and send over the wire: a 12-byte header, then each level's
// 8-byte header and its lows then highs, one signed byte each. An hour of sound is 960 KB.
//
//   "SSPK" | version u8 (1) | levels u8 | 0 u16 | durationMs u32
//   per level: bucketMs u16 | 0 u16 | count u32 | min × count (i8) | max × count (i8)
// Numbers are little-endian.

import { PEAK_LEVELS_MS, type Peaks } from './peaks'

const MAGIC = [0x53, 0x53, 0x50, 0x4b] // "SSPK"
const VERSION = 1
const HEADER = 12
const LEVEL_HEADER = 8

/** Bytes that are not peaks of this format. */
export class PeaksFormatError extends Error {}

export function encodePeaks(peaks: Peaks): Uint8Array {
  const size = HEADER + peaks.levels.reduce((sum, l) => sum + LEVEL_HEADER + 2 * l.min.length, 0)
  const bytes = new Uint8Array(size)
  const view = new DataView(bytes.buffer)
  bytes.set(MAGIC, 0)
  view.setUint8(4, VERSION)
  view.setUint8(5, peaks.levels.length)
  view.setUint32(8, Math.max(0, Math.round(peaks.durationMs)), true)
  let at = HEADER
  for (const level of peaks.levels) {
    view.setUint16(at, level.bucketMs, true)
    view.setUint32(at + 4, level.min.length, true)
    at += LEVEL_HEADER
    bytes.set(new Uint8Array(level.min.buffer, level.min.byteOffset, level.min.length), at)
    bytes.set(new Uint8Array(level.max.buffer, level.max.byteOffset, level.max.length), at + level.min.length)
    at += 2 * level.min.length
  }
  return bytes
}

/**
 * Reads peaks back, checking every length: the levels must be this format's (10, 40, 160, 640 ms),
 * each as long as the one before needs, and nothing may follow the last.
 */
export function decodePeaks(bytes: Uint8Array): Peaks {
  if (bytes.length < HEADER || MAGIC.some((b, i) => bytes[i] !== b)) throw new PeaksFormatError('not peaks')
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (view.getUint8(4) !== VERSION) throw new PeaksFormatError('unknown version')
  const count = view.getUint8(5)
  if (count !== PEAK_LEVELS_MS.length) throw new PeaksFormatError('wrong levels')
  const durationMs = view.getUint32(8, true)
  const levels: Peaks['levels'] = []
  let at = HEADER
  for (let l = 0; l < count; l++) {
    if (at + LEVEL_HEADER > bytes.length) throw new PeaksFormatError('cut short')
    const bucketMs = view.getUint16(at, true)
    const n = view.getUint32(at + 4, true)
    at += LEVEL_HEADER
    if (bucketMs !== PEAK_LEVELS_MS[l]) throw new PeaksFormatError('wrong bucket')
    if (l > 0 && n !== Math.ceil(levels[l - 1].min.length / (bucketMs / PEAK_LEVELS_MS[l - 1]))) throw new PeaksFormatError('wrong level length')
    if (at + 2 * n > bytes.length) throw new PeaksFormatError('cut short')
    const min = new Int8Array(bytes.slice(at, at + n).buffer)
    const max = new Int8Array(bytes.slice(at + n, at + 2 * n).buffer)
    levels.push({ bucketMs, min, max })
    at += 2 * n
  }
  if (at !== bytes.length) throw new PeaksFormatError('trailing bytes')
  if (levels[0].min.length * PEAK_LEVELS_MS[0] > durationMs + PEAK_LEVELS_MS[0]) throw new PeaksFormatError('longer than its duration')
  return { durationMs, levels }
}

// The platform's own base64 where it has one (Node's Buffer, lenient as the server's checks expect:
// bytes that are not peaks fail decodePeaks; Uint8Array.toBase64 and fromBase64 in recent browsers):
// an hour's peaks take a millisecond that way, tens of milliseconds through btoa.
type Base64Native = { toBase64?: (this: Uint8Array) => string }
type Base64Static = { fromBase64?: (text: string) => Uint8Array }
type NodeBuffer = { from(source: ArrayBufferLike | string, offsetOrEncoding?: number | string, length?: number): Uint8Array & { toString(encoding: string): string } }
const nodeBuffer = (globalThis as { Buffer?: NodeBuffer }).Buffer

/** Base64 of bytes, in the browser and in Node. */
export function bytesToBase64(bytes: Uint8Array): string {
  if (nodeBuffer) return nodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')
  const native = (Uint8Array.prototype as Base64Native).toBase64
  if (native) return native.call(bytes)
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

export function base64ToBytes(text: string): Uint8Array {
  if (nodeBuffer) return new Uint8Array(nodeBuffer.from(text, 'base64'))
  const native = (Uint8Array as Base64Static).fromBase64
  if (native) return native(text)
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}
