import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { NextRequest } from 'next/server'
import { describe, expect, it } from 'vitest'
import { readStreamedUpload } from './streamed-upload'

/** A multipart body sent in small pieces with no declared length, as a chunked upload is. */
function chunked(fileBytes: number) {
  const boundary = 'xyz'
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="sourceLanguage"\r\n\r\nen\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="talk.ogg"\r\nContent-Type: audio/ogg\r\n\r\n`
  const tail = `\r\n--${boundary}--\r\n`
  const pieces = [Buffer.from(head), ...Array.from({ length: Math.ceil(fileBytes / 1000) }, (_, i) => Buffer.alloc(Math.min(1000, fileBytes - i * 1000), 7)), Buffer.from(tail)]
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = pieces.shift()
      if (next) controller.enqueue(new Uint8Array(next))
      else controller.close()
    },
  })
  return new NextRequest('http://localhost/api/tasks/transcribe', { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body, duplex: 'half' } as unknown as ConstructorParameters<typeof NextRequest>[1])
}

describe('readStreamedUpload', () => {
  it('streams the file to disk and keeps the fields', async () => {
    const upload = await readStreamedUpload(chunked(5000), { maxBytes: 10_000 })
    expect(upload.fields).toEqual({ sourceLanguage: 'en' })
    expect(upload.file).toMatchObject({ fileName: 'talk.ogg', bytes: 5000 })
    expect(readFileSync(upload.file!.path)).toEqual(Buffer.alloc(5000, 7))
    await upload.cleanup()
    expect(existsSync(upload.file!.path)).toBe(false)
  })

  it('refuses a file past the cap while it streams, and leaves no temp file', async () => {
    const temps = () => readdirSync(tmpdir()).filter((name) => name.startsWith('upload-')).sort()
    const before = temps()
    await expect(readStreamedUpload(chunked(20_000), { maxBytes: 10_000 })).rejects.toMatchObject({ messageKey: 'audioTooLarge' })
    expect(temps()).toEqual(before)
  })
})
