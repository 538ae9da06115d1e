/** The rate and layout of every clip and track the dub builds: 48 kHz mono, 16-bit. */
export const DUB_RATE = 48_000
export const DUB_BYTES_PER_MS = (DUB_RATE * 2) / 1000

export type WavInfo = { sampleRate: number; channels: number; bitsPerSample: number; dataOffset: number; dataBytes: number }

/**
 * Reads a WAV header. Tolerant of what streaming writers do: a data chunk declared longer than the
 * file (espeak-ng and servers that stream write 0x7fffffff) is read to the file's end.
 */
export function readWavInfo(wav: Buffer): WavInfo | null {
  if (wav.length < 12 || wav.toString('latin1', 0, 4) !== 'RIFF' || wav.toString('latin1', 8, 12) !== 'WAVE') return null
  let offset = 12
  let format: Omit<WavInfo, 'dataOffset' | 'dataBytes'> | null = null
  while (offset + 8 <= wav.length) {
    const id = wav.toString('latin1', offset, offset + 4)
    const size = wav.readUInt32LE(offset + 4)
    if (id === 'fmt ' && offset + 24 <= wav.length) {
      format = { channels: wav.readUInt16LE(offset + 10), sampleRate: wav.readUInt32LE(offset + 12), bitsPerSample: wav.readUInt16LE(offset + 22) }
    } else if (id === 'data') {
      if (!format) return null
      return { ...format, dataOffset: offset + 8, dataBytes: Math.min(size, wav.length - offset - 8) }
    }
    offset += 8 + size + (size % 2)
  }
  return null
}

/** How long a WAV plays, in ms (0 when it is not one). */
export function wavDurationMs(wav: Buffer): number {
  const info = readWavInfo(wav)
  if (!info || info.sampleRate === 0 || info.channels === 0 || info.bitsPerSample === 0) return 0
  return (info.dataBytes / (info.channels * (info.bitsPerSample / 8)) / info.sampleRate) * 1000
}

/** A 44-byte header for `dataBytes` of 16-bit PCM. */
export function wavHeader(dataBytes: number, { sampleRate = DUB_RATE, channels = 1 }: { sampleRate?: number; channels?: number } = {}): Buffer {
  const header = Buffer.alloc(44)
  header.write('RIFF', 0, 'latin1')
  header.writeUInt32LE(36 + dataBytes, 4)
  header.write('WAVEfmt ', 8, 'latin1')
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(channels, 22)
  header.writeUInt32LE(sampleRate, 24)
  header.writeUInt32LE(sampleRate * channels * 2, 28)
  header.writeUInt16LE(channels * 2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36, 'latin1')
  header.writeUInt32LE(dataBytes, 40)
  return header
}
