import Busboy from 'busboy'
import { AppError } from '@/lib/errors'

// A form is parsed as it streams in, a chunk at a time, instead of buffering the whole body and
// parsing it in one go (undici's `formData()` holds the event loop for tens of milliseconds on a
// 5 MB file and copies it four times, and the garbage collector then pays for every copy).

/**
 * The multipart or URL-encoded form in `stream`: text fields and files, in order, as a FormData.
 * A part that does not parse is a 40000; the stream's own errors (the cap's 413) pass through.
 */
export async function parseForm(stream: ReadableStream<Uint8Array>, contentType: string): Promise<FormData> {
  let parser: Busboy.Busboy
  try {
    // File names arrive as UTF-8 from every browser; busboy's default would read them as Latin-1.
    parser = Busboy({ headers: { 'content-type': contentType }, defParamCharset: 'utf8', limits: { fieldSize: Infinity } })
  } catch {
    throw new AppError('bad_request', 'malformedBody')
  }
  const entries: { name: string; value: string | { chunks: Buffer[]; fileName: string; type: string } }[] = []
  const parsed = new Promise<void>((resolve, reject) => {
    parser.on('field', (name, value) => entries.push({ name: unescapeName(name), value }))
    parser.on('file', (name, file, info) => {
      const chunks: Buffer[] = []
      entries.push({ name: unescapeName(name), value: { chunks, fileName: unescapeName(info.filename ?? ''), type: info.mimeType } })
      file.on('data', (chunk: Buffer) => chunks.push(chunk))
      // A form cut off inside a file fails its stream as well as the parser: answered once, by the
      // parser's error below (unheard, it would be an uncaught exception that ends the process).
      file.on('error', () => {})
    })
    parser.on('close', resolve)
    parser.on('error', () => reject(new AppError('bad_request', 'malformedBody')))
  })
  let failed = false
  parsed.catch(() => (failed = true)) // awaited below; a failure while still writing stops the reading
  const reader = stream.getReader()
  try {
    while (!failed) {
      const { done, value } = await reader.read()
      if (done) break
      if (!parser.write(value)) await Promise.race([new Promise((resolve) => parser.once('drain', resolve)), parsed])
    }
    parser.end()
    await parsed
  } catch (error) {
    parser.destroy()
    await reader.cancel().catch(() => {})
    throw error instanceof AppError ? error : new AppError('bad_request', 'malformedBody')
  }
  const form = new FormData()
  for (const { name, value } of entries) {
    if (typeof value === 'string') form.append(name, value)
    else form.append(name, new ReceivedFile(value.chunks, value.fileName, value.type))
  }
  return form
}

/**
 * A field or file name as sent: browsers escape a line break and a double quote in it as `%0A`,
 * `%0D` and `%22` and nothing else (HTML's multipart/form-data encoding), which busboy leaves as is.
 */
function unescapeName(name: string): string {
  return name.replace(/%(0A|0D|22)/gi, (escape) => decodeURIComponent(escape))
}

/**
 * An uploaded file that also keeps the chunks it arrived in, so a handler reading its bytes gets
 * them in one copy instead of streaming them out of the Blob store (which showed up, with the
 * garbage collector behind it, in profiles of 5 MB uploads). Otherwise it is the File it is.
 */
class ReceivedFile extends File {
  readonly #chunks: readonly Buffer[]
  constructor(chunks: Buffer[], name: string, type: string) {
    super(chunks as Uint8Array<ArrayBuffer>[], name, { type })
    this.#chunks = chunks
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    const out = new Uint8Array(this.size)
    let offset = 0
    for (const chunk of this.#chunks) {
      out.set(chunk, offset)
      offset += chunk.byteLength
    }
    return Promise.resolve(out.buffer)
  }
}
