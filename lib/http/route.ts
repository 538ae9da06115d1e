import 'server-only'
import { randomUUID } from 'node:crypto'
import { NextResponse, type NextRequest } from 'next/server'
import type { z } from 'zod'
import type { User } from '@prisma/client'
import { clearedCookieHeader, sessionCookieHeader } from '@/lib/auth/cookie'
import { currentCaller, hasSessionCookie } from '@/lib/auth/current'
import { log } from '@/lib/log'
import { observeRoute } from '@/lib/metrics'
import type { Locale } from '@/lib/site'
import { AppError, errorMessage } from '@/lib/errors'
import type { RawAnswer, RouteContract } from '@/lib/openapi/document'
import { callerLocale } from './caller-locale'
import { fail, ok } from './universal/envelope'
import { toAppError } from './error-mapper'
import { bodyKind, cappedStream, JSON_LIMIT, MULTIPART_LIMIT, readBody, refuseDeclaredOversize, type BodyLimit } from './read-body'
import { isSameOrigin } from './same-origin'
import { readStreamedUpload, type StreamedFile } from './streamed-upload'
import { findUnsafeText } from './well-formed'
import { apiKeyOf, keyCaller } from './api-key-auth'
import { withLedgerNote } from '@/lib/points/ledger-note'

type Auth = 'public' | 'user' | 'manager'
type Schema = z.ZodType | undefined
type Infer<S> = S extends z.ZodType ? z.output<S> : undefined

export type HandlerContext<A extends Auth, B extends Schema, Q extends Schema, P extends string = string> = {
  req: NextRequest
  user: A extends 'public' ? User | null : User
  token: string | null
  body: Infer<B>
  /** The raw form of a multipart request (file uploads), when the route accepts one. */
  form: FormData | null
  /** The body itself, unread and capped at the route's limit, when the route streams it (`streamBody`). */
  stream: ReadableStream<Uint8Array> | null
  /** The form's `file` as written to a temp file, when the route streams one (`streamFile`); deleted once the handler is done. */
  file: StreamedFile | null
  /** Aborts when the client hangs up: work done for the request (a decoder) stops with it. */
  signal: AbortSignal
  query: Infer<Q>
  /** The path's dynamic segments (a catch-all joined with `/`). */
  params: Record<P, string>
  locale: Locale
  requestId: string
  /** Seal a session token into the response's cookie (sign-in). */
  setSession(token: string): void
  /** Remove the session cookie from the browser (sign-out). */
  clearSession(): void
}

type Options<A extends Auth, B extends Schema, Q extends Schema, R, P extends string> = {
  /** One line on what the call does: the summary of its operation in the OpenAPI document. */
  summary: string
  auth: A
  body?: B
  query?: Q
  /** What the handler answers in the envelope's `data`, from the domain's contract; checked outside production. */
  response?: z.ZodType<R>
  /** Names of the path's dynamic segments, so the handler's `params` is typed. */
  params?: readonly P[]
  /** Accept multipart/form-data (the form is handed over unvalidated). */
  multipart?: boolean
  /**
   * The largest body the route reads and the message past it (413): one file's form (6 MB) for a
   * multipart route, 1 MB of JSON otherwise, unless the route declares more (a batch of files).
   */
  bodyLimit?: BodyLimit
  /** Hand the body over as a capped stream (`stream`) instead of reading it: a large upload written to disk as it arrives. */
  streamBody?: boolean
  /**
   * The body is a multipart form of one large `file` (a recording) and a few text fields: the file
   * is streamed to a temp file (`file`), refused with the route's 413 past `maxBytes`, and the text
   * fields are parsed by `body` like any other body.
   */
  streamFile?: { maxBytes: number }
  /** Rate limits of the route, counted once the caller is known and before a byte of the body is read. */
  rateLimit?: (caller: { req: NextRequest; user: A extends 'public' ? User | null : User }) => Promise<void>
  /** Answers besides the envelope (a file, a redirect), for the OpenAPI document. */
  raw?: RawAnswer[]
}

type RouteContext = { params: Promise<Record<string, string | string[]>> }

export type { RouteContract }

export type RouteHandler<R> = ((req: NextRequest, context: RouteContext) => Promise<Response>) & { contract: RouteContract; __result?: R }

// Outside production every answer is checked against its declared contract, so a drift between
// server and client types fails the tests instead of reaching a browser.
const CHECKS_RESPONSES = process.env.NODE_ENV !== 'production'

/**
 * Wraps a route handler: request id; CSRF origin check, auth, declared length against the route's
 * cap and its rate limits, all before the body is read; capped body reading; text no handler can
 * store (NUL, lone surrogates) refused in every field; zod validation; and the `{ code, msg, data }`
 * envelope with a message in the caller's language. A handler returning a Response (a file, a
 * redirect) is passed through untouched.
 */
export function route<A extends Auth, B extends Schema = undefined, Q extends Schema = undefined, R = unknown, P extends string = string>(
  options: Options<A, B, Q, R, P>,
  handler: (ctx: HandlerContext<A, B, Q, P>) => Promise<R | Response>,
): RouteHandler<R> {
  const multipart = options.multipart === true
  const bodyLimit = options.bodyLimit ?? (multipart ? MULTIPART_LIMIT : JSON_LIMIT)
  const contract: RouteContract = { summary: options.summary, auth: options.auth, body: options.body, query: options.query, response: options.response, multipart: multipart || options.streamBody === true || options.streamFile !== undefined, maxBodyBytes: bodyLimit.bytes, raw: options.raw }
  const wrapped = async (req: NextRequest, context: RouteContext): Promise<Response> => {
    const requestId = req.headers.get('x-request-id') ?? randomUUID()
    const locale = callerLocale(req.headers)
    const started = Date.now()
    let response: Response
    // Cookie changes are decided by the handler and applied to whatever response goes out.
    let cookie: { set: string } | { clear: true } | undefined
    let renewToken: string | undefined
    let upload: Awaited<ReturnType<typeof readStreamedUpload>> | undefined
    try {
      // Everything that can refuse a request from its headers runs before a byte of the body is
      // read: origin, content type, caller, declared length, rate limits.
      if (req.method !== 'GET' && req.method !== 'HEAD' && !isSameOrigin(req)) throw new AppError('forbidden', 'crossSite')
      const streams = options.streamBody === true || options.streamFile !== undefined
      const kind = streams ? 'none' : bodyKind(req, { multipart })
      // An API key acts as its owner within its scopes, on the calls keys may make (lib/api-keys).
      const apiKey = options.auth === 'public' ? null : apiKeyOf(req.headers)
      const viaKey = apiKey ? await keyCaller(req, apiKey) : null
      const caller = viaKey
        ? { user: viaKey.user, token: null, via: 'key' as const }
        : options.auth === 'public'
          ? await currentCaller(req.headers).catch(() => null)
          : await currentCaller(req.headers)
      if (caller?.via === 'cookie') renewToken = caller.token
      else if (!caller && hasSessionCookie(req.headers)) cookie = { clear: true }
      if (options.auth !== 'public' && !caller) throw new AppError('unauthorized', 'noSession')
      if (options.auth === 'manager' && !caller?.user.isAdmin) throw new AppError('forbidden', 'adminOnly')
      if (kind !== 'none') refuseDeclaredOversize(req, bodyLimit)
      const params = Object.fromEntries(
        Object.entries((await context?.params) ?? {}).map(([k, v]) => [k, Array.isArray(v) ? v.join('/') : v]),
      ) as Record<P, string>
      const queryInput = Object.fromEntries(req.nextUrl.searchParams)
      throwOnUnsafeText(params, allQueryValues(req.nextUrl.searchParams))
      await options.rateLimit?.({ req, user: (caller?.user ?? null) as HandlerContext<A, B, Q, P>['user'] })
      const stream = streams && req.method !== 'GET' && req.method !== 'HEAD' ? cappedStream(req, bodyLimit) : null
      const raw = await readBody(req, { kind, multipart, limit: bodyLimit })
      if (options.streamFile) {
        upload = await readStreamedUpload({ headers: req.headers, body: stream }, { maxBytes: options.streamFile.maxBytes, tooLarge: bodyLimit.tooLarge })
        raw.json = upload.fields
      }
      // A field's own rule speaks first (its message names what is wrong with it); whatever passes
      // the rules is still refused when it holds text no handler can store.
      const body = options.body && !options.streamBody ? options.body.parse(raw.json ?? {}) : undefined
      const query = options.query ? options.query.parse(queryInput) : undefined
      throwOnUnsafeText(raw.json, fileNames(raw.form))
      const run = () => handler({
        req,
        user: (caller?.user ?? null) as HandlerContext<A, B, Q, P>['user'],
        token: caller?.token ?? null,
        body: body as Infer<B>,
        form: raw.form,
        stream: options.streamFile ? null : stream,
        file: upload?.file ?? null,
        signal: req.signal,
        query: query as Infer<Q>,
        params,
        locale,
        requestId,
        setSession: (token) => {
          cookie = { set: token }
        },
        clearSession: () => {
          cookie = { clear: true }
        },
      })
      // Whatever a key's call charges is written in the ledger with the key's name.
      const result = viaKey ? await withLedgerNote(`API key: ${viaKey.name}`, run) : await run()
      if (CHECKS_RESPONSES && options.response && !(result instanceof Response)) {
        const check = options.response.safeParse(result)
        if (!check.success) throw new Error(`${req.method} ${req.nextUrl.pathname} answered outside its contract: ${check.error.message}`)
      }
      response = result instanceof Response ? result : NextResponse.json(ok(result ?? null))
    } catch (error) {
      const appError = toAppError(error)
      if (appError.code === 'internal') log.error('request.failed', { requestId, method: req.method, path: req.nextUrl.pathname, error })
      response = NextResponse.json(fail(appError.status, errorMessage(locale, appError.messageKey, appError.values)), {
        status: appError.status,
      })
    } finally {
      await upload?.cleanup()
    }
    response.headers.set('x-request-id', requestId)
    // No cache keeps an answer: it depends on the caller or carries their cookie. Only a handler's
    // own public answer (an avatar) stays cacheable, and then without the session renewal cookie.
    const isPublic = !cookie && /\bpublic\b/.test(response.headers.get('cache-control') ?? '')
    if (!isPublic) response.headers.set('cache-control', 'no-store')
    if (cookie && 'clear' in cookie) response.headers.append('set-cookie', clearedCookieHeader())
    else if (cookie || (renewToken && !isPublic)) response.headers.append('set-cookie', await sessionCookieHeader(cookie?.set ?? renewToken!))
    log.info('request', { requestId, method: req.method, path: req.nextUrl.pathname, status: response.status, ms: Date.now() - started })
    return response
  }
  return Object.assign(observeRoute(wrapped), { contract })
}

/** Refuses (40000, naming the field) text no handler can store: a lone surrogate or a NUL. */
function throwOnUnsafeText(...inputs: unknown[]) {
  const unsafe = inputs.reduce<ReturnType<typeof findUnsafeText>>((found, input) => found ?? findUnsafeText(input), null)
  if (unsafe) throw new AppError('bad_request', unsafe.reason === 'nul' ? 'textHasNul' : 'textIllFormed', { field: unsafe.field })
}

/** Every value of a query, a repeated name's as an array. */
function allQueryValues(search: URLSearchParams): Record<string, string | string[]> {
  const all: Record<string, string | string[]> = {}
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key)
    all[key] = values.length === 1 ? values[0] : values
  }
  return all
}

/** The names of a form's files (`{ file: ['a.srt'] }` shape, keyed by field, for the message). */
function fileNames(form: FormData | null): Record<string, string[]> {
  const names: Record<string, string[]> = {}
  for (const [key, value] of form?.entries() ?? []) if (typeof value !== 'string') (names[key] ??= []).push(value.name)
  return names
}
