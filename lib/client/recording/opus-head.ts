// The Opus identification header (RFC 7845, 5.1) a decoder is configured with: "OpusHead", version,
// channel count (byte 9), pre-skip (16 bits at byte 10, at 48 kHz), input rate, gain, mapping
// family (byte 18). Read for the pre-skip, and rewritten to decode a stereo track as mono. Pure.

const bytesOf = (description: AllowSharedBufferSource): Uint8Array => (ArrayBuffer.isView(description) ? new Uint8Array(description.buffer, description.byteOffset, description.byteLength) : new Uint8Array(description))

/** Whether `bytes` start with the header's magic and hold at least `length` bytes of it. */
const isOpusHead = (bytes: Uint8Array, length: number) => bytes.length >= length && String.fromCharCode(...bytes.subarray(0, 8)) === 'OpusHead'

/** The pre-skip the header names, in seconds; 0 without one. */
export function opusPreSkipS(description: AllowSharedBufferSource | undefined): number {
  if (!description) return 0
  const bytes = bytesOf(description)
  if (!isOpusHead(bytes, 12)) return 0
  return (bytes[10] | (bytes[11] << 8)) / 48_000
}

/**
 * The header of a stereo track (mapping family 0) rewritten to one channel, or null for any other:
 * libopus decodes a stereo stream to mono itself (the mid channel, (L + R) / 2), which costs less
 * than decoding both channels and mixing them afterwards, and leaves the pre-skip as it was.
 * Surround layouts (families 1 and up) keep their channels and are mixed by the caller.
 */
export function monoOpusHead(description: AllowSharedBufferSource | undefined): Uint8Array | null {
  if (!description) return null
  const bytes = bytesOf(description)
  if (!isOpusHead(bytes, 19) || bytes[9] !== 2 || bytes[18] !== 0) return null
  const mono = bytes.slice()
  mono[9] = 1
  return mono
}
