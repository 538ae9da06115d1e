// A real HTTP server over the app's API route handlers (app/api/**/route.ts), for tests whose
// client code speaks HTTP: each request goes through the proxy's API check and then to the
// handler, via the route harness, exactly as a test would call it. It serves the API only (no
// pages) and runs no translation workers. See browser-harness.ts for running it in a child process.
import { readdirSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { malformedPathResponse } from '@/lib/http/malformed-path'
import { buildRequest, ctx, type Handler, type Params } from './route-harness'

type Segment = { kind: 'static'; name: string } | { kind: 'param'; name: string } | { kind: 'rest'; name: string; optional: boolean }
type Route = { pattern: string; segments: Segment[]; file: string }

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../app/api')

function parseSegment(part: string): Segment {
  const optionalRest = /^\[\[\.\.\.(.+)\]\]$/.exec(part)
  if (optionalRest) return { kind: 'rest', name: optionalRest[1], optional: true }
  const rest = /^\[\.\.\.(.+)\]$/.exec(part)
  if (rest) return { kind: 'rest', name: rest[1], optional: false }
  const param = /^\[(.+)\]$/.exec(part)
  if (param) return { kind: 'param', name: param[1] }
  return { kind: 'static', name: part }
}

const RANK = { static: 0, param: 1, rest: 2 } as const

/** Every route of app/api, most specific first (a static segment wins over a param, a param over a catch-all). */
export function apiRoutes(): Route[] {
  const routes: Route[] = []
  const walk = (dir: string, parts: string[]) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name), [...parts, entry.name])
      else if (entry.name === 'route.ts') routes.push({ pattern: `/api/${parts.join('/')}`, segments: ['api', ...parts].map(parseSegment), file: path.join(dir, entry.name) })
    }
  }
  walk(API_DIR, [])
  const key = (route: Route) => route.segments.map((s) => RANK[s.kind])
  return routes.sort((a, b) => {
    const [ka, kb] = [key(a), key(b)]
    for (let i = 0; i < Math.max(ka.length, kb.length); i++) {
      if (ka[i] === undefined) return -1
      if (kb[i] === undefined) return 1
      if (ka[i] !== kb[i]) return ka[i] - kb[i]
    }
    return 0
  })
}

/** The route of a path and its params (decoded, as Next.js passes them), or null. */
export function matchRoute(routes: readonly Route[], pathname: string): { route: Route; params: Params } | null {
  const parts = pathname.split('/').filter(Boolean).map(decodeURIComponent)
  for (const route of routes) {
    const params: Params = {}
    let i = 0
    let matched = true
    for (const segment of route.segments) {
      if (segment.kind === 'rest') {
        const restParts = parts.slice(i)
        if (restParts.length === 0 && !segment.optional) matched = false
        else if (restParts.length > 0) params[segment.name] = restParts
        i = parts.length
        break
      }
      const part = parts[i++]
      if (part === undefined || (segment.kind === 'static' && part !== segment.name)) {
        matched = false
        break
      }
      if (segment.kind === 'param') params[segment.name] = part
    }
    if (matched && i === parts.length) return { route, params }
  }
  return null
}

/** One request the server answered: what a test can check of what the client sent. */
export type Received = { method: string; path: string; status: number; contentType: string | null; body: Buffer; answer: Buffer }

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'expect', 'upgrade', 'proxy-connection'])

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

function send(res: ServerResponse, answer: Response, body: Buffer) {
  const headers: Record<string, string | string[]> = {}
  answer.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value
  })
  const cookies = answer.headers.getSetCookie()
  if (cookies.length > 0) headers['set-cookie'] = cookies
  res.writeHead(answer.status, answer.statusText, headers)
  res.end(body)
}

/**
 * Serves the API on 127.0.0.1 (`port` 0: any free port). `onRequest` hears of each answered
 * request with the body the client sent and the one it got. Handlers load on first use.
 */
export async function serveRoutes({ port = 0, onRequest }: { port?: number; onRequest?: (received: Received) => void } = {}) {
  const routes = apiRoutes()
  const modules = new Map<string, Promise<Record<string, unknown>>>()
  const load = (file: string) => {
    let loaded = modules.get(file)
    if (!loaded) {
      loaded = import(file) as Promise<Record<string, unknown>>
      modules.set(file, loaded)
    }
    return loaded
  }

  const server = createServer(async (req, res) => {
    const method = req.method ?? 'GET'
    const url = req.url ?? '/'
    const host = req.headers.host ?? `127.0.0.1:${(server.address() as AddressInfo).port}`
    const body = await readBody(req)
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(req.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = Array.isArray(value) ? value.join(', ') : value
    const heard = (status: number, answer: Buffer) => onRequest?.({ method, path: url, status, contentType: req.headers['content-type'] ?? null, body, answer })
    try {
      const request = buildRequest(url, { method, headers, host, locale: null, raw: body.length > 0 && method !== 'GET' && method !== 'HEAD' ? new Uint8Array(body) : undefined })
      let answer: Response | null = malformedPathResponse(request)
      if (!answer) {
        const found = matchRoute(routes, request.nextUrl.pathname)
        const handler = found && ((await load(found.route.file))[method] as Handler | undefined)
        answer = found && handler ? await handler(request, ctx(found.params)) : new Response(null, { status: found ? 405 : 404 })
      }
      const payload = Buffer.from(await answer.arrayBuffer())
      heard(answer.status, payload)
      send(res, answer, payload)
    } catch (error) {
      // what Next.js does with a handler that throws: a bare 500
      console.error(error)
      heard(500, Buffer.alloc(0))
      res.writeHead(500).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const address = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${address.port}`,
    port: address.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** What `apiClient`'s calls answer: the envelope's fields (code 0 when the body is none, e.g. a file), the body as bytes and text, the headers. */
export type ApiAnswer = { status: number; code: number; msg: string; data: any; text: string; bytes: Buffer; headers: Headers } // eslint-disable-line @typescript-eslint/no-explicit-any

/** Calls the API served at `baseUrl` as a script does: messages in English, `auth` as the bearer token, `json` or `form` as the body. */
export function apiClient(baseUrl: string) {
  return async (path: string, { method = 'GET', auth, json, form }: { method?: string; auth?: string; json?: unknown; form?: FormData } = {}): Promise<ApiAnswer> => {
    const headers: Record<string, string> = { 'x-locale': 'en-US' }
    if (auth) headers.authorization = `Bearer ${auth}`
    if (json !== undefined) headers['content-type'] = 'application/json'
    const res = await fetch(baseUrl + path, { method, headers, body: json !== undefined ? JSON.stringify(json) : form })
    const bytes = Buffer.from(await res.arrayBuffer())
    const text = bytes.toString('utf8')
    let envelope: { code?: number; msg?: string; data?: unknown } = {}
    try {
      envelope = JSON.parse(text)
    } catch {
      // a file, not an envelope
    }
    return { status: res.status, code: envelope.code ?? 0, msg: envelope.msg ?? '', data: envelope.data, text, bytes, headers: res.headers }
  }
}
