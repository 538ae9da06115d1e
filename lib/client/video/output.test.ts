// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { canStreamToDisk, fitsOutput, MEMORY_LIMIT_BYTES, openVideoOutput } from './output'

// The save-to-disk output: the picked file is written through its swap stream and only commit()
// closes it (puts it in place). A cancelled or failed export must never close it: mediabunny
// closes the stream it writes to when it cancels, which on a real FileSystemWritableFileStream
// would leave a half-written file that looks finished.

type Call = string
function fakePicker(calls: Call[]) {
  const writable = {
    write: async (chunk: { position: number; data: Uint8Array }) => void calls.push(`write@${chunk.position}:${chunk.data.byteLength}`),
    close: async () => void calls.push('close'),
    abort: async () => void calls.push('abort'),
  }
  return async () => ({ name: 'talk.mp4', createWritable: async () => writable, remove: async () => void calls.push('remove') })
}

afterEach(() => {
  delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker
})

async function writeSome(target: import('mediabunny').Target, finish: boolean) {
  const mb = await import('mediabunny')
  const output = new mb.Output({ format: new mb.WebMOutputFormat(), target })
  const source = new mb.EncodedVideoPacketSource('vp9')
  output.addVideoTrack(source)
  await output.start()
  const packet = new mb.EncodedPacket(new Uint8Array(4096), 'key', 0, 1 / 30)
  await source.add(packet, { decoderConfig: { codec: 'vp09.00.10.08', codedWidth: 64, codedHeight: 64 } })
  if (finish) await output.finalize()
  else await output.cancel()
}

describe('openVideoOutput on disk', () => {
  it('closes the picked file only on commit after a finished export', async () => {
    const calls: Call[] = []
    Object.assign(window, { showSaveFilePicker: fakePicker(calls) })
    expect(canStreamToDisk()).toBe(true)
    const out = await openVideoOutput({ fileName: 'talk.webm', mimeType: 'video/webm' })
    await writeSome(out.target(), true)
    expect(calls.some((c) => c.startsWith('write@'))).toBe(true)
    expect(calls).not.toContain('close')
    await out.commit()
    expect(calls.at(-1)).toBe('close')
  })

  it('never closes the file after a cancel: the swap file is aborted and the picked file removed', async () => {
    const calls: Call[] = []
    Object.assign(window, { showSaveFilePicker: fakePicker(calls) })
    const out = await openVideoOutput({ fileName: 'talk.webm', mimeType: 'video/webm' })
    await writeSome(out.target(), false)
    await out.discard()
    expect(calls).not.toContain('close')
    expect(calls.slice(-2)).toEqual(['abort', 'remove'])
  })
})

describe('in memory', () => {
  it('takes any size on disk, and up to the stated limit in memory', () => {
    expect(canStreamToDisk()).toBe(false)
    expect(fitsOutput(MEMORY_LIMIT_BYTES)).toBe(true)
    expect(fitsOutput(MEMORY_LIMIT_BYTES + 1)).toBe(false)
    Object.assign(window, { showSaveFilePicker: fakePicker([]) })
    expect(fitsOutput(50 * MEMORY_LIMIT_BYTES)).toBe(true)
  })
})
