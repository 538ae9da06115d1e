import 'server-only'
import { randomUUID } from 'node:crypto'
import { NextResponse, type NextRequest } from 'next/server'
import type { z } from 'zod'
import type { User } from '@prisma/client'
import { clearedCookieHeader, sessionCookieHeader } from '@/lib/auth/cookie'
import { currentCaller, hasSessionCookie } from '@/lib/auth/current'
import { log } from '@/lib/log'
import type { Locale } from '@/lib/site'
import { AppError, errorMessage } from '@/lib/errors'
import type { RouteContract } from '@/lib/openapi/document'
import { callerLocale } from './caller-locale'
import { fail, ok } from './envelope'
import { toAppError } from './error-mapper'
import { readBody } from './read-body'
import { isSameOrigin } from './same-origin'
import { findIllFormedText } from './well-formed'

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
  auth: A
  body?: B
  query?: Q
  /** What the handler answers in the envelope's `data`, from the domain's contract; checked outside production. */
  response?: z.ZodType<R>
  /** Names of the path's dynamic segments, so the handler's `params` is typed. */
  params?: readonly P[]
  /** Accept multipart/form-data (the form is handed over unvalidated). */
  multipart?: boolean
  /** Largest multipart body in bytes (a batch of files); one file's cap when absent. */
  multipartMaxBytes?: number
  /** The handler reads the body itself, streamed (a large upload: lib/http/streamed-upload.ts); `body` is then undefined. */
  streamedBody?: boolean
}

type RouteContext = { params: Promise<Record<string, string | string[]>> }

export type { RouteContract }

export type RouteHandler<R> = ((req: NextRequest, context: RouteContext) => Promise<Response>) & { contract: RouteContract; __result?: R }

// Outside production every answer is checked against its declared contract, so a drift between
// server and client types fails the tests instead of reaching a browser.
const CHECKS_RESPONSES = process.env.NODE_ENV !== 'production'

/**
 * Wraps a route handler: request id, safe body parsing, well-formed text, CSRF origin check, auth, zod validation,
 * and the `{ code, msg, data }` envelope with a message in the caller's language. A handler returning a
 * Response (a file, a redirect) is passed through untouched.
 */
export function route<A extends Auth, B extends Schema = undefined, Q extends Schema = undefined, R = unknown, P extends string = string>(
  options: Options<A, B, Q, R, P>,
  handler: (ctx: HandlerContext<A, B, Q, P>) => Promise<R | Response>,
): RouteHandler<R> {
  const contract: RouteContract = { auth: options.auth, body: options.body, query: options.query, response: options.response, multipart: options.multipart === true || options.streamedBody === true }
  const wrapped = async (req: NextRequest, context: RouteContext): Promise<Response> => {
    const requestId = req.headers.get('x-request-id') ?? randomUUID()
    const locale = callerLocale(req.headers)
    const started = Date.now()
    let response: Response
    // Cookie changes are decided by the handler and applied to whatever response goes out.
    let cookie: { set: string } | { clear: true } | undefined
    let renewToken: string | undefined
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD' && !isSameOrigin(req)) throw new AppError('forbidden', 'crossSite')
      const raw = options.streamedBody ? { json: undefined, form: null } : await readBody(req, { multipart: options.multipart === true, maxBytes: options.multipartMaxBytes })
      const illFormed = findIllFormedText(raw.json) ?? findIllFormedText(Object.fromEntries(req.nextUrl.searchParams))
      if (illFormed) throw new AppError('bad_request', 'textIllFormed', { field: illFormed })
      const caller = options.auth === 'public' ? await currentCaller(req.headers).catch(() => null) : await currentCaller(req.headers)
      if (caller?.via === 'cookie') renewToken = caller.token
      else if (!caller && hasSessionCookie(req.headers)) cookie = { clear: true }
      if (options.auth !== 'public' && !caller) throw new AppError('unauthorized', 'noSession')
      if (options.auth === 'manager' && !caller?.user.isAdmin) throw new AppError('forbidden', 'adminOnly')
      const body = options.body && !options.streamedBody ? options.body.parse(raw.json ?? {}) : undefined
      const query = options.query ? options.query.parse(Object.fromEntries(req.nextUrl.searchParams)) : undefined
      const params = Object.fromEntries(
        Object.entries((await context?.params) ?? {}).map(([k, v]) => [k, Array.isArray(v) ? v.join('/') : v]),
      ) as Record<P, string>
      const result = await handler({
        req,
        user: (caller?.user ?? null) as HandlerContext<A, B, Q, P>['user'],
        token: caller?.token ?? null,
        body: body as Infer<B>,
        form: raw.form,
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
    }
    response.headers.set('x-request-id', requestId)
    if (cookie && 'clear' in cookie) response.headers.append('set-cookie', clearedCookieHeader())
    else if (cookie || renewToken) response.headers.append('set-cookie', await sessionCookieHeader(cookie?.set ?? renewToken!))
    log.info('request', { requestId, method: req.method, path: req.nextUrl.pathname, status: response.status, ms: Date.now() - started })
    return response
  }
  return Object.assign(wrapped, { contract })
}
