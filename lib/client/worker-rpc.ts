// The one way the page and its Web Workers talk (the recording's extraction, the ASS renderer, the
// video export). The page makes calls: each has an id and is answered once, by a value or by an
// error; while it runs the worker may send events for it (bytes, progress). A note is one-way (a
// cancel, a pause). Data is structured-cloned; what is listed with `transfer` moves instead.

/** What a worker answers to, written once for both sides. */
export type WorkerProtocol = {
  calls: Record<string, { args: unknown; result: unknown; event?: unknown }>
  notes: Record<string, unknown>
}

type Calls<P extends WorkerProtocol> = P['calls']
type EventOf<P extends WorkerProtocol, M extends keyof Calls<P>> = Calls<P>[M] extends { event: infer E } ? E : never

type Wire =
  | { rpc: 'call'; id: number; method: string; args: unknown }
  | { rpc: 'note'; method: string; args: unknown }
  | { rpc: 'event'; id: number; event: unknown }
  | { rpc: 'result'; id: number; value: unknown }
  | { rpc: 'error'; id: number; message: string; data?: unknown }

/** A call the worker refused or failed: its message and what it added to tell why (plain data). */
export class WorkerCallError extends Error {
  constructor(
    message: string,
    readonly data?: unknown,
    /** The worker itself failed (it could not load, or threw outside any call). */
    readonly crashed = false,
  ) {
    super(message)
    this.name = 'WorkerCallError'
  }
}

/** A value answered with the objects to move (an ImageBitmap, an ArrayBuffer) rather than copy. */
export class Transfer<T> {
  constructor(
    readonly value: T,
    readonly list: Transferable[],
  ) {}
}
export const transfer = <T>(value: T, list: Transferable[]) => new Transfer(value, list)

type Port = { postMessage(message: unknown, transfer?: Transferable[]): void }

/** The page's side of a worker: `call` answers a promise, `note` sends and forgets. */
export type WorkerClient<P extends WorkerProtocol> = {
  call<M extends keyof Calls<P> & string>(
    method: M,
    args: Calls<P>[M]['args'],
    options?: { onEvent?: (event: EventOf<P, M>) => void; transfer?: Transferable[] },
  ): Promise<Calls<P>[M]['result']>
  note<N extends keyof P['notes'] & string>(method: N, args: P['notes'][N], transfer?: Transferable[]): void
  /** Stops the worker; calls still waiting reject. */
  terminate(): void
}

export function workerClient<P extends WorkerProtocol>(worker: Worker): WorkerClient<P> {
  const pending = new Map<number, { resolve: (value: never) => void; reject: (error: Error) => void; onEvent?: (event: never) => void }>()
  let nextId = 1
  let failure: Error | null = null
  const failAll = (error: Error) => {
    failure ??= error
    for (const waiting of pending.values()) waiting.reject(error)
    pending.clear()
  }
  worker.onerror = (event) => {
    failAll(new WorkerCallError(event.message || 'the worker failed', undefined, true))
  }
  worker.onmessage = ({ data }: MessageEvent<Wire>) => {
    if (data.rpc === 'call' || data.rpc === 'note') return
    const waiting = pending.get(data.id)
    if (!waiting) return
    if (data.rpc === 'event') return waiting.onEvent?.(data.event as never)
    pending.delete(data.id)
    if (data.rpc === 'result') waiting.resolve(data.value as never)
    else waiting.reject(new WorkerCallError(data.message, data.data))
  }
  return {
    call(method, args, { onEvent, transfer: list = [] } = {}) {
      return new Promise((resolve, reject) => {
        if (failure) return reject(failure)
        const id = nextId++
        pending.set(id, { resolve, reject, onEvent: onEvent as ((event: never) => void) | undefined })
        worker.postMessage({ rpc: 'call', id, method, args } satisfies Wire, list)
      })
    },
    note(method, args, list = []) {
      if (!failure) worker.postMessage({ rpc: 'note', method, args } satisfies Wire, list)
    },
    terminate() {
      worker.terminate()
      failAll(new WorkerCallError('the worker was stopped', undefined, true))
    },
  }
}

/** What a handler is given beside its arguments: a way to send events for this call. */
export type CallContext<E> = { emit(event: E, transfer?: Transferable[]): void }

type Handlers<P extends WorkerProtocol> = {
  calls: { [M in keyof Calls<P>]: (args: Calls<P>[M]['args'], context: CallContext<EventOf<P, M>>) => Calls<P>[M]['result'] | Transfer<Calls<P>[M]['result']> | Promise<Calls<P>[M]['result'] | Transfer<Calls<P>[M]['result']>> }
  notes: { [N in keyof P['notes']]: (args: P['notes'][N]) => void }
  /** The plain data an error carries to the page (a problem's name, what was read): none by default. */
  errorData?: (error: unknown) => unknown
}

/** The worker's side: answers each call with its handler's value, or its error's message and data. */
export function serveWorker<P extends WorkerProtocol>(handlers: Handlers<P>, scope: Port & { onmessage: ((event: MessageEvent) => void) | null } = self as never): void {
  const post = (message: Wire, list: Transferable[] = []) => scope.postMessage(message, list)
  scope.onmessage = ({ data }: MessageEvent<Wire>) => {
    if (data.rpc === 'note') return void (handlers.notes as Record<string, (args: unknown) => void>)[data.method]?.(data.args)
    if (data.rpc !== 'call') return
    const { id } = data
    const handler = (handlers.calls as Record<string, (args: unknown, context: CallContext<unknown>) => unknown>)[data.method]
    const context: CallContext<unknown> = { emit: (event, list) => post({ rpc: 'event', id, event }, list) }
    Promise.resolve()
      .then(() => {
        if (!handler) throw new Error(`no such call: ${data.method}`)
        return handler(data.args, context)
      })
      .then(
        (answer) => (answer instanceof Transfer ? post({ rpc: 'result', id, value: answer.value }, answer.list) : post({ rpc: 'result', id, value: answer })),
        (error: unknown) => post({ rpc: 'error', id, message: error instanceof Error ? error.message : String(error), data: handlers.errorData?.(error) }),
      )
  }
}
