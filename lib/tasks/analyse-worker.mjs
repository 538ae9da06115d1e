// Worker thread of lib/tasks/analyse-pool.ts: decodes, parses and prices uploads off the web
// process's event loop. Plain JavaScript that loads the TypeScript sources through tsx, so the
// worker runs exactly the code the tests cover (started with --conditions=react-server).
import { readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'
import { parentPort } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

// The event loop that answers every request comes first: on Linux this thread alone is given a
// lower priority (nice 10; /proc/thread-self names its thread id), so when the cores are busy a
// burst of uploads waits for the CPU instead of the requests of everyone else.
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 10)
} catch {
  // not Linux, or not allowed: the worker runs at the process's priority
}

register()
const { analyseSubtitle } = await import('./upload.ts')
const { summariseUpload } = await import('./upload-summary.ts')

parentPort.on('message', ({ id, bytes, entries, format }) => {
  try {
    // With glossary entries the caller wants an estimate's summary (no cues to copy back).
    const result = entries ? summariseUpload(new Uint8Array(bytes), entries, format) : analyseSubtitle(new Uint8Array(bytes), format)
    parentPort.postMessage({ id, result })
  } catch (error) {
    const isAppError = error && typeof error === 'object' && error.name === 'AppError'
    parentPort.postMessage({
      id,
      error: isAppError ? { code: error.code, messageKey: error.messageKey, values: error.values } : { message: String(error?.message ?? error) },
    })
  }
})
parentPort.postMessage({ ready: true })
