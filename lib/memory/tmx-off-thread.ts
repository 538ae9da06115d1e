import 'server-only'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { AppError, type AppErrorCode, type ErrorKey } from '@/lib/errors'
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
// Loaded at run time from the project's files, never bundled (the worker compiles its own sources).
const WORKER_FILE = path.join(/* turbopackIgnore: true */ process.cwd(), 'lib/memory/tmx-worker.mjs')

type Reply = { result?: TmxImport; error?: { code?: AppErrorCode; messageKey?: ErrorKey; values?: Record<string, string | number>; message?: string } }

// Imports are read one at a time: each is rate-limited per user, and two 6 MB parses at once
// would take both cores from the requests of everyone else.
let queue: Promise<unknown> = Promise.resolve()

function inWorker(bytes: Uint8Array): Promise<TmxImport> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(/* turbopackIgnore: true */ WORKER_FILE, {
      execArgv: ['--conditions=react-server'],
      workerData: bytes,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    })
    let isSettled = false
    const settle = (outcome: () => void) => {
      if (isSettled) return
      isSettled = true
      clearTimeout(timer)
      void worker.terminate()
      outcome()
    }
    const timer = setTimeout(() => settle(() => reject(new AppError('bad_request', 'memoryImportTooSlow'))), READ_TIME_LIMIT_MS)
    worker.once('message', ({ result, error }: Reply) => {
      if (result) return settle(() => resolve(result))
      if (error?.code && error.messageKey) return settle(() => reject(new AppError(error.code!, error.messageKey!, error.values)))
      settle(() => reject(new Error(`TMX worker failed: ${error?.message}`)))
    })
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new AppError('bad_request', 'memoryImportTooLarge', { max: MAX_IMPORT_UNITS }) : error)),
    )
    worker.once('exit', (code) => settle(() => reject(new Error(`TMX worker exited (${code}) without an answer`))))
  })
}

/**
 * Reads a TMX import (readTmxImport) in a worker thread when the file is large, inline when it is
 * small, so a large or hostile file never holds the event loop that answers everyone else.
 * Rules: the same answers and errors as readTmxImport; one file is read at a time; a worker is
 * stopped after READ_TIME_LIMIT_MS (40000) or past its heap (40000 "too large").
 */
export async function readTmxOffThread(bytes: Uint8Array): Promise<TmxImport> {
  if (bytes.byteLength <= INLINE_MAX_BYTES || process.env.ANALYSE_IN_WORKERS === 'off') return readTmxImport(bytes)
  const turn = queue.then(() => inWorker(bytes))
  queue = turn.catch(() => undefined)
  return turn
}
