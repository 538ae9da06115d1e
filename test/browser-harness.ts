// For tests of client code (hooks) in a DOM environment (happy-dom) against the real API: the API
// server (route-server.ts) runs in a child Node.js process on the test file's database, because a
// DOM environment replaces Request, Response, FormData and fetch in its own process, which the
// route handlers must not run on. The page is pointed at that server, so the client's relative
// `fetch` and XHR calls reach it, with the session cookie a browser would hold.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const HERE = path.dirname(fileURLToPath(import.meta.url))
const ROOT = path.resolve(HERE, '..')
const CHILD = path.join(HERE, 'route-server-child.ts')

/** One request the API server answered: the body the client sent, and the answer's text. */
export type Received = { method: string; path: string; status: number; contentType: string | null; body: Buffer; answer: string }

type ChildMessage =
  | { type: 'ready'; url: string; port: number }
  | { type: 'request'; request: Omit<Received, 'body'> & { body: string } }
  | { type: 'received'; seq: number }

export type ApiServer = {
  url: string
  port: number
  /** Every request answered so far, oldest first. */
  received(): Promise<Received[]>
  /** Stops the server (and its process). */
  close(): Promise<void>
}

/**
 * Starts the API server in a child process with this process's environment (DATABASE_URL of the
 * test file's database, secrets, storage). `port` 0 takes a free one; give the old one to restart.
 */
export async function startApiServer({ port = 0, env = {} }: { port?: number; env?: Record<string, string> } = {}): Promise<ApiServer> {
  const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', CHILD], {
    cwd: ROOT,
    env: { ...process.env, ...env, ROUTE_SERVER_PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const requests: Received[] = []
  const waiting = new Map<number, () => void>()
  let seq = 0
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const ready = new Promise<{ url: string; port: number }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the API server exited (${code}) before listening`)))
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'ready') resolve(message)
      else if (message.type === 'request') requests.push({ ...message.request, body: Buffer.from(message.request.body, 'base64') })
      else if (message.type === 'received') waiting.get(message.seq)?.()
    })
  })
  const address = await ready
  return {
    ...address,
    received: async () => {
      const id = ++seq
      await new Promise<void>((resolve) => {
        waiting.set(id, resolve)
        child.send({ type: 'received', seq: id })
      })
      waiting.delete(id)
      return [...requests]
    },
    close: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.disconnect()
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
      await exited
      clearTimeout(timer)
    },
  }
}

/**
 * Points the DOM environment's page at `url` (relative requests go there), in English, signed in
 * with `cookie` (`sessionCookie` of route-harness.ts) as a browser that signed in would be.
 */
export function openPage(url: string, { cookie, lang = 'en-US' }: { cookie?: string; lang?: string } = {}) {
  const page = globalThis as unknown as { happyDOM?: { setURL(url: string): void } }
  if (!page.happyDOM) throw new Error('openPage needs the happy-dom environment (// @vitest-environment happy-dom)')
  page.happyDOM.setURL(url)
  document.documentElement.lang = lang
  if (cookie) document.cookie = `${cookie}; path=/`
}
