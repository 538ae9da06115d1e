// The one harness of the tests that call the app's route handlers directly, as Next.js would: it
// builds the request (method, path, JSON body, multipart form or raw body, headers, host, a Bearer
// token or a session cookie), calls the handler with its route params and parses the envelope.
// It also makes the users and sessions those calls need. Test code only: nothing under app/ and no
// production module under lib/ may import it (lib/architecture.test.ts checks).
import { NextRequest } from 'next/server'
import { db } from '@/lib/db'
import { createSession } from '@/lib/auth/sessions'
import { SESSION_COOKIE, sessionCookieHeader } from '@/lib/auth/cookie'
import { formatMs } from '@/lib/subtitles/time'

/** The host requests go to unless told otherwise (the China edition on a development port). */
export const HOST = 'cn.localhost:3000'
export const BASE = `http://${HOST}`

/** Any exported route handler (GET, POST, …), whatever params its route has. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Handler = (req: NextRequest, ctx: { params: Promise<any> }) => Promise<Response>

export type Params = Record<string, string | string[]>

/** A file field of a multipart request. */
export type UploadFile = { name: string; body: string | Uint8Array; field?: string; type?: string }

export type RequestOptions = {
  /** POST unless told. */
  method?: string
  /** Sent as JSON (with its content type). */
  body?: unknown
  /** A multipart form of text fields (repeated for an array) and files. */
  form?: { fields?: Record<string, string | readonly string[]>; files?: readonly UploadFile[] }
  /** A body sent as it is (any content type is the caller's). */
  raw?: string | FormData | Uint8Array
  headers?: Record<string, string>
  /** Signs the request in with a session token as `Authorization: Bearer`. */
  token?: string
  /** A Cookie header (see `cookieHeader` and `sessionCookie`). */
  cookie?: string
  /** Host of the URL and of the Host header (cn.localhost:3000 by default). */
  host?: string
  /** The x-locale header: en-US unless told; null sends none. */
  locale?: string | null
}

function formData({ fields = {}, files = [] }: NonNullable<RequestOptions['form']>): FormData {
  const form = new FormData()
  for (const file of files) form.append(file.field ?? 'file', new Blob([file.body as BlobPart], file.type ? { type: file.type } : {}), file.name)
  for (const [name, value] of Object.entries(fields)) for (const one of typeof value === 'string' ? [value] : value) form.append(name, one)
  return form
}

/** The NextRequest a handler gets for `path` (query included) with these options. */
export function buildRequest(path: string, { method = 'POST', body, form, raw, headers = {}, token, cookie, host = HOST, locale = 'en-US' }: RequestOptions = {}): NextRequest {
  const all: Record<string, string> = { host, ...(locale === null ? {} : { 'x-locale': locale }) }
  if (token) all.authorization = `Bearer ${token}`
  if (cookie) all.cookie = cookie
  let payload: string | FormData | Uint8Array | undefined = raw
  if (form) payload = formData(form)
  else if (raw === undefined && body !== undefined) {
    payload = JSON.stringify(body)
    all['content-type'] = 'application/json'
  }
  Object.assign(all, headers)
  return new NextRequest(`http://${host}${path}`, { method, headers: all, body: payload as BodyInit | undefined })
}

/** The second argument of a handler: its route params, as Next.js passes them. */
export const ctx = (params: Params = {}) => ({ params: Promise.resolve(params) })

/** What a client sees of an answer: status, envelope (when there is one), text, cookies set and redirect target. */
export type Answer = { status: number; code: number; msg: string; data: any; text: string; cookies: string[]; location: string | null } // eslint-disable-line @typescript-eslint/no-explicit-any

/** Reads an answer; redirects and files have no envelope (code 0, data undefined). */
export async function readAnswer(res: Response): Promise<Answer> {
  const text = await res.text()
  let envelope: { code?: number; msg?: string; data?: unknown } = {}
  try {
    envelope = JSON.parse(text)
  } catch {
    // not JSON: a redirect, a file or an empty body
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

/** Calls a handler at `path` with route params and reads its answer. */
export async function call(handler: Handler, path: string, { params = {}, ...options }: RequestOptions & { params?: Params } = {}): Promise<Answer> {
  return readAnswer(await handler(buildRequest(path, options), ctx(params)))
}

// Shorthands of `buildRequest` kept for the task tests, which pass a user's `auth` headers.

/** A JSON request (no body for GET and DELETE calls that pass none). */
export function jsonRequest(method: string, path: string, headers: Record<string, string>, body?: unknown): NextRequest {
  return buildRequest(path, { method, headers, body })
}

/** A multipart POST carrying one file (or none) and text fields. */
export function multipart(path: string, headers: Record<string, string>, file: UploadFile | null, fields: Record<string, string> = {}): NextRequest {
  return buildRequest(path, { headers, form: { fields, files: file ? [file] : [] } })
}

/** A Cookie header carrying the cookies answers set (name=value pairs; cleared ones left out). */
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

/** `ss_session=…`: the sealed cookie a browser holds after signing in with this session token. */
export async function sessionCookie(token: string): Promise<string> {
  const [pair] = (await sessionCookieHeader(token)).split(';')
  if (!pair.startsWith(`${SESSION_COOKIE}=`)) throw new Error(`unexpected session cookie: ${pair}`)
  return pair
}

/** A new user with a session: its token, and `auth` headers (Bearer, English answers) for calls. */
export async function makeUser(name = 'Tester') {
  const user = await db.user.create({ data: { email: `u${Math.random().toString(36).slice(2)}@example.com`, name } })
  const token = await createSession({ userId: user.id })
  return { user, token, auth: { ...bearer(token), 'x-locale': 'en-US' } }
}

/** An SRT file of `count` cues, each `cueMs` long and `gapMs` apart. */
export function buildSrt(count: number, { cueMs = 2000, gapMs = 500, text = (i: number) => `Line number ${i}, a sentence to translate.` } = {}): string {
  const blocks: string[] = []
  for (let i = 1; i <= count; i++) {
    const start = (i - 1) * (cueMs + gapMs)
    blocks.push(`${i}\n${formatMs(start)} --> ${formatMs(start + cueMs)}\n${text(i)}\n`)
  }
  return blocks.join('\n')
}

/** Polls until `check` answers a value, or fails after `timeoutMs`. */
export async function waitFor<T>(check: () => Promise<T | null | undefined | false>, { timeoutMs = 30_000, intervalMs = 50, what = 'condition' } = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, intervalMs))
  }
}
