import 'server-only'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { AppError, type AppErrorCode, type ErrorKey } from '@/lib/errors'
import { log } from '@/lib/log'
import { createPool } from '@/lib/pool'

// The one off-thread runner of the server: heavy work a request would otherwise do on the event
// loop that answers everyone (a large subtitle upload's analysis, a TMX import's parse) runs in a
// worker thread. The worker's side is serve.mjs: a plain module that loads the TypeScript sources
// through tsx, so a worker runs exactly the code the tests cover.

/** The worker died, or could not start, before it answered: the work may be done inline instead. */
export class OffThreadLostError extends Error {}
/** The work ran past `timeoutMs`: its worker was stopped. */
export class OffThreadTimeoutError extends Error {}
/** The work needed more than the worker's heap (`heapMb`): its worker stopped, the server did not. */
export class OffThreadOutOfMemoryError extends Error {}

type Reply = { id?: number; ready?: boolean; result?: unknown; error?: { code?: AppErrorCode; messageKey?: ErrorKey; values?: Record<string, string | number>; message?: string } }

export type OffThreadOptions = {
  /** The worker's module, from the project's root (loaded at run time, never bundled). */
  worker: string
  /** Work run at once, each on a worker of its own (others wait, in order). */
  threads: number
  /** Each worker's heap: past it the worker stops (OffThreadOutOfMemoryError). */
  heapMb?: number
  /** The longest one piece of work may take, its worker's start included. */
  timeoutMs?: number
  /** A fresh worker for each piece of work, stopped after it (nothing of one file stays for the next); otherwise workers are kept for the next. */
  oneJobPerWorker?: boolean
}

const lost = (error: Error & { code?: string }) =>
  error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new OffThreadOutOfMemoryError(error.message, { cause: error }) : new OffThreadLostError(error.message, { cause: error })

/**
 * The first message of `worker` that `accept` takes; the worker failing first rejects with what
 * `lost` makes of its error, ending first with what `onExit` makes of its exit code. The listeners
 * are removed once it settles.
 */
function replyOf(worker: Worker, { accept, onExit }: { accept: (message: Reply) => boolean; onExit: (code: number) => Error }): Promise<Reply> {
  return new Promise<Reply>((resolve, reject) => {
    const onMessage = (message: Reply) => {
      if (!accept(message)) return
      settle()
      resolve(message)
    }
    const onError = (error: Error) => {
      settle()
      reject(lost(error))
    }
    const onEnd = (code: number) => {
      settle()
      reject(onExit(code))
    }
    const settle = () => {
      worker.off('message', onMessage)
      worker.off('error', onError)
      worker.off('exit', onEnd)
    }
    worker.on('message', onMessage)
    worker.on('error', onError)
    worker.on('exit', onEnd)
  })
}

/**
 * Runs `input → output` on worker threads. Rules: at most `threads` at once (lib/pool), the
 * others queued in order; a worker answers what its handler returns, or the error it threw (an
 * AppError comes back as the same AppError, anything else as an Error with its message); a worker
 * that dies or cannot start is an OffThreadLostError (a kept worker is replaced by the next piece
 * of work), one past `timeoutMs` an OffThreadTimeoutError, one past its heap an
 * OffThreadOutOfMemoryError. Kept workers never hold the process open.
 */
export function offThreadRunner<I, O>({ worker, threads, heapMb, timeoutMs, oneJobPerWorker = false }: OffThreadOptions) {
  const file = path.join(/* turbopackIgnore: true */ process.cwd(), worker)
  const slots = createPool(threads)
  const idle: Worker[] = []
  let nextId = 1

  /** A kept worker, or a new one, which can take work once `ready` resolves (it says so). */
  function take(): { worker: Worker; ready: Promise<void> } {
    const kept = idle.pop()
    if (kept) return { worker: kept, ready: Promise.resolve() }
    const started = new Worker(/* turbopackIgnore: true */ file, { execArgv: ['--conditions=react-server'], ...(heapMb ? { resourceLimits: { maxOldGenerationSizeMb: heapMb } } : {}) })
    // A kept worker that fails or ends while idle is dropped; the next piece of work starts another.
    const drop = () => {
      const at = idle.indexOf(started)
      if (at >= 0) idle.splice(at, 1)
    }
    started.on('error', drop)
    started.on('exit', drop)
    const ready = replyOf(started, {
      accept: (message) => message.ready === true,
      onExit: (code) => new OffThreadLostError(`worker exited (${code}) before it was ready`),
    }).then(() => undefined)
    return { worker: started, ready }
  }

  function answer(reply: Reply): O {
    if (!reply.error) return reply.result as O
    const { code, messageKey, values, message } = reply.error
    if (code && messageKey) throw new AppError(code, messageKey, values)
    throw new Error(message ?? 'off-thread work failed')
  }

  async function onWorker(input: I): Promise<O> {
    const { worker: running, ready } = take()
    running.ref()
    let timedOut = false
    const timer = timeoutMs === undefined ? undefined : setTimeout(() => {
      timedOut = true
      void running.terminate()
    }, timeoutMs)
    const id = nextId++
    try {
      const reply = replyOf(running, {
        accept: (message) => message.id === id,
        onExit: (code) => (timedOut ? new OffThreadTimeoutError(`off-thread work ran past its ${timeoutMs} ms limit`) : new OffThreadLostError(`worker exited (${code}) without an answer`)),
      })
      // A copy is sent: the caller may still need its input.
      ready.then(() => running.postMessage({ id, input }), () => undefined)
      const answered = await reply
      if (oneJobPerWorker) void running.terminate()
      else {
        running.unref()
        idle.push(running)
      }
      return answer(answered)
    } catch (error) {
      if (error instanceof OffThreadLostError) log.error('off_thread.worker_lost', { worker, error })
      throw error
    } finally {
      clearTimeout(timer)
    }
  }

  return {
    /** Runs the worker's handler on `input` in a worker thread. */
    run: (input: I): Promise<O> => slots.run(() => onWorker(input)),
  }
}
