// Calls route handlers directly, as Next.js would, and collects what a client would see.
import { NextRequest } from 'next/server'

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>

export type Answer = { status: number; code: number; msg: string; data: any; text: string; cookies: string[]; location: string | null } // eslint-disable-line @typescript-eslint/no-explicit-any

export type CallOptions = {
  method?: string
  body?: unknown
  raw?: string | FormData
  headers?: Record<string, string>
  params?: Record<string, string | string[]>
  host?: string
}

/** Calls a handler at `path` on a host (cn.localhost by default) and parses the envelope when there is one. */
export async function call(handler: Handler, path: string, { method = 'POST', body, raw, headers = {}, params = {}, host = 'cn.localhost:3000' }: CallOptions = {}): Promise<Answer> {
  const init: { method: string; headers: Record<string, string>; body?: string | FormData } = { method, headers: { host, 'x-locale': 'en-US', ...headers } }
  if (raw !== undefined) init.body = raw
  else if (body !== undefined) {
    init.body = JSON.stringify(body)
    init.headers['content-type'] = 'application/json'
  }
  const res = await handler(new NextRequest(`http://${host}${path}`, init), { params: Promise.resolve(params) })
  const text = await res.text()
  let envelope: { code?: number; msg?: string; data?: unknown } = {}
  try {
    envelope = JSON.parse(text)
  } catch {
    // Redirects and files have no envelope.
  }
  return {
    status: res.status,
    code: envelope.code ?? 0,
    msg: envelope.msg ?? '',
    data: envelope.data,
    text,
    cookies: res.headers.getSetCookie(),
    location: res.headers.get('location'),
  }
}

/** A Cookie header carrying the cookies an answer set (name=value pairs; cleared ones left out). */
export function cookieHeader(...answers: Answer[]): string {
  const jar = new Map<string, string>()
  for (const answer of answers) {
    for (const line of answer.cookies) {
      const [pair] = line.split(';')
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      if (value === '' || /max-age=0/i.test(line)) jar.delete(name)
      else jar.set(name, value)
    }
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
