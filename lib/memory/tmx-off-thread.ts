import 'server-only'
import { AppError } from '@/lib/errors'
import { OffThreadOutOfMemoryError, OffThreadTimeoutError, offThreadRunner } from '@/lib/off-thread'
import { MAX_IMPORT_UNITS } from './tmx'
import { readTmxImport, type TmxImport } from './tmx-read'

/** Files up to this size are read inline: starting a worker costs more than they do. */
export const INLINE_MAX_BYTES = 64 * 1024
/**
 * The longest a worker may take over one file before it is stopped (40000 "took too long"). A
 * safety net: the caps already bound the work, and a file at every cap takes seconds; the worker
 * runs at a low priority, so on a busy machine it may take many times that.
 */
export const READ_TIME_LIMIT_MS = 180_000
/** The worker's heap: a file at every cap needs far less; past it the worker stops, not the server. */
const WORKER_HEAP_MB = 512

// Imports are read one at a time, each by a fresh worker (lib/off-thread, lib/memory/tmx-worker.mjs):
// each is rate-limited per user, and two 6 MB parses at once would take both cores from the
// requests of everyone else.
const readers = offThreadRunner<Uint8Array, TmxImport>({ worker: 'lib/memory/tmx-worker.mjs', threads: 1, heapMb: WORKER_HEAP_MB, timeoutMs: READ_TIME_LIMIT_MS, oneJobPerWorker: true })

/**
 * Reads a TMX import (readTmxImport) in a worker thread when the file is large, inline when it is
 * small, so a large or hostile file never holds the event loop that answers everyone else.
 * Rules: the same answers and errors as readTmxImport; one file is read at a time; a worker is
 * stopped after READ_TIME_LIMIT_MS (40000) or past its heap (40000 "too large").
 */
export async function readTmxOffThread(bytes: Uint8Array): Promise<TmxImport> {
  if (bytes.byteLength <= INLINE_MAX_BYTES || process.env.ANALYSE_IN_WORKERS === 'off') return readTmxImport(bytes)
  return readers.run(bytes).catch((error: unknown) => {
    if (error instanceof OffThreadTimeoutError) throw new AppError('bad_request', 'memoryImportTooSlow')
    if (error instanceof OffThreadOutOfMemoryError) throw new AppError('bad_request', 'memoryImportTooLarge', { max: MAX_IMPORT_UNITS })
    throw error
  })
}
