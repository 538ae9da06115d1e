// A worker for lib/off-thread's tests: answers what each input asks for.
import { threadId } from 'node:worker_threads'
import { serveOffThread } from '../lib/off-thread/serve.mjs'

await serveOffThread(async () => {
  const { AppError } = await import('../lib/errors/index.ts')
  return (input) => {
    if (input === 'thread') return threadId
    if (input === 'app-error') throw new AppError('bad_request', 'memoryImportTooSlow')
    if (input === 'error') throw new Error('plain failure')
    if (input === 'exit') process.exit(3)
    if (input === 'spin') for (;;);
    return `echo ${input}`
  }
})
