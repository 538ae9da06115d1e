import 'server-only'
import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import busboy from 'busboy'
import { AppError, type ErrorKey } from '@/lib/errors'
import { findUnsafeText } from './well-formed'

export type StreamedFile = { path: string; fileName: string; bytes: number }
export type StreamedUpload = { fields: Record<string, string>; file: StreamedFile | null; cleanup(): Promise<void> }

const MAX_FIELDS = 20
const MAX_FIELD_BYTES = 4096

/**
 * Reads a multipart upload of one large `file` (a recording) without holding it in memory: the
 * file streams to a temp file, refused with a 413 (`tooLarge`, `audioTooLarge` unless told) once
 * past `maxBytes`, at once when the declared length says so: the same answer whether the client
 * declared the size honestly or not. Text fields are small and kept. The caller deletes the temp file with
 * `cleanup()` when done (it is deleted here when reading fails).
 */
export async function readStreamedUpload(req: { headers: Headers; body: ReadableStream<Uint8Array> | null }, { maxBytes, tooLarge: tooLargeKey = 'audioTooLarge' }: { maxBytes: number; tooLarge?: ErrorKey }): Promise<StreamedUpload> {
  const refuse = () => new AppError('payload_too_large', tooLargeKey, { max: Math.floor(maxBytes / (1024 * 1024)) })
  const type = req.headers.get('content-type') ?? ''
  if (!type.toLowerCase().startsWith('multipart/form-data')) throw new AppError('bad_request', 'audioRequired')
  const declared = Number(req.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > maxBytes + 64 * 1024) throw refuse()
  if (!req.body) throw new AppError('bad_request', 'audioRequired')

  const fields: Record<string, string> = {}
  let file: StreamedFile | null = null
  const temp = path.join(tmpdir(), `upload-${randomUUID()}`)
  const cleanup = () => rm(temp, { force: true })
  let tooLarge = false
  let parser: busboy.Busboy
  try {
    parser = busboy({ headers: { 'content-type': type }, limits: { files: 1, fileSize: maxBytes, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES } })
  } catch {
    throw new AppError('bad_request', 'malformedBody')
  }
  const writes: Promise<void>[] = []
  parser.on('field', (name, value) => {
    fields[name] = value
  })
  parser.on('file', (name, stream, info) => {
    if (name !== 'file' || file) {
      stream.resume()
      return
    }
    const entry: StreamedFile = { path: temp, fileName: info.filename ?? '', bytes: 0 }
    file = entry
    stream.on('data', (chunk: Buffer) => {
      entry.bytes += chunk.length
    })
    stream.on('limit', () => {
      tooLarge = true
    })
    writes.push(pipeline(stream, createWriteStream(temp)))
  })
  try {
    await pipeline(Readable.fromWeb(req.body as unknown as WebReadableStream<Uint8Array>), parser)
    await Promise.all(writes)
  } catch (error) {
    await cleanup()
    if (error instanceof AppError) throw error
    if (tooLarge) throw refuse()
    throw new AppError('bad_request', 'malformedBody')
  }
  if (tooLarge) {
    await cleanup()
    throw refuse()
  }
  // The same rule route() applies to every other body: no NUL or lone surrogate in a field or file name.
  const unsafe = findUnsafeText({ ...fields, fileName: (file as StreamedFile | null)?.fileName ?? '' })
  if (unsafe) {
    await cleanup()
    throw new AppError('bad_request', unsafe.reason === 'nul' ? 'textHasNul' : 'textIllFormed', { field: unsafe.field })
  }
  return { fields, file, cleanup }
}
