'use client'

import { ERROR_CODES, SUCCESS_CODE, type Envelope, type ErrorName } from '@/lib/http/universal/envelope'
import { clearStoredUser } from './user-store'

export { ERROR_CODES, type ErrorName }

/** An error answer of our API: the envelope's code and message (already in the user's language). */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** True when `error` is the API's answer with the named code (`isApiError(error, 'not_found')`). */
export function isApiError(error: unknown, name: ErrorName): error is ApiError {
  return error instanceof ApiError && error.code === ERROR_CODES[name]
}

type Options = { method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; body?: unknown; form?: FormData; signal?: AbortSignal; keepalive?: boolean }

/** The header that makes the server answer in the page's language. */
export function localeHeaders(): Record<string, string> {
  return { 'x-locale': document.documentElement.lang || 'zh-CN' }
}

/**
 * Unwraps the `{ code, msg, data }` envelope of an answer's text: `data` on success, otherwise an ApiError
 * with the server's message ("failed: status statusText" when there is none). A dead session
 * also forgets the stored user. Shared by fetch, XHR uploads and downloads.
 */
export function unwrapEnvelope<T>(status: number, statusText: string, text: string): T {
  // The server's envelope, as far as this answer carries one.
  let envelope: Partial<Envelope<T>> | null = null
  try {
    envelope = JSON.parse(text) as Partial<Envelope<T>>
  } catch {
    throw new ApiError(status * 100, `failed: ${status} ${statusText}`, status)
  }
  if (envelope?.code === SUCCESS_CODE) return envelope.data as T
  const code = envelope?.code ?? status * 100
  if (code === ERROR_CODES.unauthorized) clearStoredUser()
  throw new ApiError(code, envelope?.msg || `failed: ${status} ${statusText}`, status)
}

/**
 * Calls our API and unwraps the envelope (see `unwrapEnvelope`); a network failure is ApiError code 0.
 * `keepalive`: the request outlives the page (a save sent as the creator leaves).
 */
export async function api<T>(path: string, { method = 'POST', body, form, signal, keepalive }: Options = {}): Promise<T> {
  const headers = localeHeaders()
  if (body !== undefined) headers['content-type'] = 'application/json'
  let res: Response
  try {
    res = await fetch(path, { method, headers, body: form ?? (body === undefined ? undefined : JSON.stringify(body)), credentials: 'include', signal, keepalive })
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error
    throw new ApiError(0, '', 0)
  }
  return unwrapEnvelope<T>(res.status, res.statusText, await res.text())
}

/** The server's message of an error, or a fallback text of the calling screen. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback
}
