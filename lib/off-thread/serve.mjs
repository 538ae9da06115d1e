// The worker's side of lib/off-thread (index.ts offThreadRunner). A worker module calls
// serveOffThread with a loader that imports its TypeScript sources (after tsx is registered here)
// and answers its handler: each message `{ id, input }` is answered `{ id, result }` or
// `{ id, error }` (an AppError by its code, message key and values, so the caller throws the same
// one). Plain JavaScript, started with --conditions=react-server.
import { readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'
import { parentPort } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

export async function serveOffThread(load) {
  // The event loop that answers every request comes first: on Linux this thread alone is given a
  // lower priority (nice 10; /proc/thread-self names its thread id), so when the cores are busy
  // the work waits for the CPU instead of the requests of everyone else.
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 10)
  } catch {
    // not Linux, or not allowed: the worker runs at the process's priority
  }
  register()
  const handle = await load()
  parentPort.on('message', async ({ id, input }) => {
    try {
      parentPort.postMessage({ id, result: await handle(input) })
    } catch (error) {
      const isAppError = error && typeof error === 'object' && error.name === 'AppError'
      parentPort.postMessage({ id, error: isAppError ? { code: error.code, messageKey: error.messageKey, values: error.values } : { message: String(error?.message ?? error) } })
    }
  })
  parentPort.postMessage({ ready: true })
}
