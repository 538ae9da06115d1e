// Worker thread of lib/tasks/analyse-pool.ts: decodes, parses and prices uploads off the web
// process's event loop. Plain JavaScript that loads the TypeScript sources through tsx, so the
// worker runs exactly the code the tests cover (started with --conditions=react-server).
import { parentPort } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

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
