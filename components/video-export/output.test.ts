// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { canStreamToDisk, fitsOutput, MEMORY_LIMIT_BYTES, openVideoOutput, type OutputChunk } from './output'

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

async function writeSome(stream: WritableStream<OutputChunk>, finish: boolean) {
  const mb = await import('mediabunny')
  const output = new mb.Output({ format: new mb.WebMOutputFormat(), target: new mb.StreamTarget(stream, { chunked: true }) })
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
    await writeSome(out.stream, true)
    expect(calls.some((c) => c.startsWith('write@'))).toBe(true)
    expect(calls).not.toContain('close')
    await out.commit()
    expect(calls.at(-1)).toBe('close')
  })

  it('never closes the file after a cancel: the swap file is aborted and the picked file removed', async () => {
    const calls: Call[] = []
    Object.assign(window, { showSaveFilePicker: fakePicker(calls) })
    const out = await openVideoOutput({ fileName: 'talk.webm', mimeType: 'video/webm' })
    await writeSome(out.stream, false)
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

  it('builds the file from positioned writes, the sizes patched at the end included', async () => {
    expect((await openVideoOutput({ fileName: 'talk.webm', mimeType: 'video/webm' })).kind).toBe('memory')
    const { memoryFile } = await import('./memory-file')
    const file = memoryFile()
    const w = file.stream.getWriter()
    await w.write({ type: 'write', position: 0, data: new Uint8Array([1, 2, 3, 4]) })
    await w.write({ type: 'write', position: 2_000_000, data: new Uint8Array([9]) })
    await w.write({ type: 'write', position: 1, data: new Uint8Array([7]) })
    const bytes = new Uint8Array(file.take())
    expect(bytes.byteLength).toBe(2_000_001)
    expect([...bytes.subarray(0, 5)]).toEqual([1, 7, 3, 4, 0])
    expect(bytes[2_000_000]).toBe(9)
  })
})
