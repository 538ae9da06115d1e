// Worker thread of lib/memory/tmx-off-thread.ts: reads one TMX import (decode, caps, parse, group,
// key) off the web process's event loop, then exits. Plain JavaScript that loads the TypeScript
// sources through tsx, like lib/tasks/analyse-worker.mjs (started with --conditions=react-server).
import { readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'
import { parentPort, workerData } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

// The event loop that answers every request comes first (see lib/tasks/analyse-worker.mjs).
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 10)
} catch {
  // not Linux, or not allowed: the worker runs at the process's priority
}

register()
const { readTmxImport } = await import('./tmx-read.ts')

try {
  parentPort.postMessage({ result: readTmxImport(new Uint8Array(workerData)) })
} catch (error) {
  const isAppError = error && typeof error === 'object' && error.name === 'AppError'
  parentPort.postMessage({ error: isAppError ? { code: error.code, messageKey: error.messageKey, values: error.values } : { message: String(error?.message ?? error) } })
}
