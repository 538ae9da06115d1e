import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { createFaultController, parseFaultSpec, type ActiveFault, type FaultController } from './faults'

export { createFaultController, seededRandom, FAULT_KINDS } from './faults'
export type { ActiveFault, FaultController, FaultKind, FaultSpec } from './faults'

/** One request as the fake saw it: arrival and answer times (ms since epoch), status, and what the handler noted. */
export type FakeRequestRecord = { at: number; answeredAt?: number; status?: number; data?: unknown }

/** Counters every fake keeps; `counters` holds the fake's own figures (lines, tokens, ...). */
export type FakeStats = {
  requests: number
  inFlight: number
  maxInFlight: number
  faultsInjected: number
  counters: Record<string, number>
  /** Every request in arrival order, so tests can check when requests reached the vendor. */
  log: FakeRequestRecord[]
}

/** Per-request help handed to a fake's handler. */
export type FakeContext = {
  url: URL
  /** The fault drawn for this request (`slow` has already been waited out, unless the delay overlaps the work). */
  fault: ActiveFault | undefined
  /**
   * With `delayOverlapsWork`, waits until the answer is due (the answer delay after the request
   * arrived); resolves at once otherwise, the delay having been waited before the handler ran.
   */
  answerDue(): Promise<void>
  /**
   * The fault for this request given its texts to translate: `fault`, or the `containing` fault
   * when one of the texts holds its marker (a `slow` one is waited out here). Translation fakes
   * call it once they have read the texts.
   */
  faultFor(texts: readonly string[]): Promise<ActiveFault | undefined>
  faults: FaultController
  stats: FakeStats
  /** Adds to one of the fake's own counters. */
  count(name: string, by?: number): void
  /** Records that the handler produced a fault of its own (e.g. from an input marker). */
  noteFault(): void
  /** Attaches what the handler read from this request to its record in `stats.log`. */
  note(data: unknown): void
}

export type FakeHandler = (req: http.IncomingMessage, res: http.ServerResponse, ctx: FakeContext) => void | Promise<void>

/** A fake's own control paths (`/__name`), answered before the common ones; true when it answered. */
export type FakeAdmin = (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => Promise<boolean>

export type FakeServer = {
  name: string
  url: string
  port: number
  faults: FaultController
  stats: FakeStats
  resetStats(): void
  close(): Promise<void>
}

/** Reads and parses a JSON request body; throws SyntaxError on bad JSON (handlers answer 400). */
export async function readJson(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const text = Buffer.concat(chunks).toString('utf8')
  return text.trim() === '' ? undefined : JSON.parse(text)
}

/** Answers JSON with the given status and extra headers. */
export function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: http.OutgoingHttpHeaders = {}): void {
  const text = JSON.stringify(body)
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers })
  res.end(text)
}

/** Waits ms; fakes use it to stall like a busy vendor. */
/**
 * An admin path for a fake's knobs: `POST path` sets them from its JSON body (`set`; 400 with the
 * message when it throws), `DELETE path` clears them (`clear`); every call answers `current()`.
 */
export function knobsAdmin(path: string, { current, set, clear }: { current: () => unknown; set: (body: unknown) => void; clear: () => void }): FakeAdmin {
  return async (req, res, url) => {
    if (url.pathname !== path) return false
    try {
      if (req.method === 'POST') set(await readJson(req))
      else if (req.method === 'DELETE') clear()
      sendJson(res, 200, current())
    } catch (error) {
      sendJson(res, 400, { error: (error as Error).message })
    }
    return true
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

const MAX_LOGGED_REQUESTS = 5000

function emptyStats(): FakeStats {
  return { requests: 0, inFlight: 0, maxInFlight: 0, faultsInjected: 0, counters: {}, log: [] }
}

/**
 * Starts a fake on 127.0.0.1 (port 0 = any free port). Rule: every fake also answers
 * `POST /__faults` (a FaultSpec, and/or `{ "answerDelayMs": n }`), `DELETE /__faults` (clears the
 * fault and the answer delay), `GET /__stats` and `DELETE /__stats`, so tests in another process
 * can steer it. Admin calls are not counted as requests.
 */
export async function startFakeServer({
  name,
  port = 0,
  delayMs = 0,
  delayOverlapsWork = false,
  handler,
  admin: ownAdmin,
}: {
  name: string
  port?: number
  delayMs?: number
  /**
   * The answer delay counts from the request's arrival and runs while the handler works, which
   * calls `answerDue` before answering: a fake doing real work (the speech fake decodes and reads
   * the sound) then answers after the delay it models, not after the delay and its own work.
   */
  delayOverlapsWork?: boolean
  handler: FakeHandler
  admin?: FakeAdmin
}): Promise<FakeServer> {
  const faults = createFaultController({ delayMs })
  let stats = emptyStats()

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    try {
      if (url.pathname.startsWith('/__')) return await admin(req, res, url)
      const current = stats
      current.requests += 1
      current.inFlight += 1
      current.maxInFlight = Math.max(current.maxInFlight, current.inFlight)
      const record: FakeRequestRecord = { at: Date.now() }
      current.log.push(record)
      // A sandbox fake runs as long as `npm run dev`: keep the newest requests only.
      if (current.log.length > MAX_LOGGED_REQUESTS) current.log.splice(0, current.log.length - MAX_LOGGED_REQUESTS)
      res.once('finish', () => Object.assign(record, { answeredAt: Date.now(), status: res.statusCode }))
      try {
        // A fault tied to content is drawn by the fake once it has read the texts (faultFor).
        const fault = faults.current?.containing === undefined ? faults.draw() : undefined
        if (fault) current.faultsInjected += 1
        let forTexts: Promise<ActiveFault | undefined> | undefined
        const wait = faults.delayMs + (fault?.kind === 'slow' ? fault.delayMs : 0)
        const dueAt = record.at + wait
        if (wait > 0 && !delayOverlapsWork) await sleep(wait)
        await handler(req, res, {
          url,
          fault,
          answerDue: () => sleep(Math.max(0, dueAt - Date.now())),
          faultFor: (texts) =>
            (forTexts ??= (async () => {
              if (fault || faults.current?.containing === undefined) return fault
              const drawn = faults.draw(texts)
              if (drawn) current.faultsInjected += 1
              if (drawn?.kind === 'slow') await sleep(drawn.delayMs)
              return drawn
            })()),
          faults,
          stats: current,
          count: (key, by = 1) => {
            current.counters[key] = (current.counters[key] ?? 0) + by
          },
          noteFault: () => {
            current.faultsInjected += 1
          },
          note: (data) => {
            record.data = data
          },
        })
      } finally {
        current.inFlight -= 1
      }
    } catch (error) {
      // A fake's own bug must show up in the test output, not as a hung request.
      console.error(`[fake ${name}]`, error)
      if (!res.headersSent) sendJson(res, 500, { error: { message: `fake ${name} crashed` } })
      else res.end()
    }
  })

  async function admin(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    if (ownAdmin && (await ownAdmin(req, res, url))) return
    if (url.pathname === '/__stats' && req.method === 'GET') return sendJson(res, 200, { name, ...stats, log: undefined, fault: faults.current ?? null, answerDelayMs: faults.delayMs })
    if (url.pathname === '/__stats' && req.method === 'DELETE') {
      stats = emptyStats()
      return sendJson(res, 200, { ok: true })
    }
    if (url.pathname === '/__faults' && req.method === 'DELETE') {
      faults.clear()
      faults.delayMs = 0
      return sendJson(res, 200, { ok: true })
    }
    if (url.pathname === '/__faults' && req.method === 'POST') {
      try {
        const body = ((await readJson(req)) ?? {}) as Record<string, unknown>
        if (typeof body.answerDelayMs === 'number') faults.delayMs = body.answerDelayMs
        if (body.kind !== undefined) faults.set(parseFaultSpec(body))
        return sendJson(res, 200, { ok: true, fault: faults.current ?? null, answerDelayMs: faults.delayMs })
      } catch (error) {
        return sendJson(res, 400, { error: (error as Error).message })
      }
    }
    sendJson(res, 404, { error: 'unknown admin path' })
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const actual = (server.address() as AddressInfo).port
  return {
    name,
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    faults,
    get stats() {
      return stats
    },
    resetStats() {
      stats = emptyStats()
    },
    // Keep-alive sockets and stalled (slow) requests would otherwise keep close() waiting.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
