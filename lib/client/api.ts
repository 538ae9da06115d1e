'use client'

import { clearStoredUser } from './user-store'

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

type Options = { method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'; body?: unknown; form?: FormData; signal?: AbortSignal }

/**
 * Calls our API and unwraps the spec's envelope: resolves with `data` on code 20000, otherwise
 * throws an ApiError with the server's message. A dead session also forgets the stored user.
 */
export async function api<T>(path: string, { method = 'POST', body, form, signal }: Options = {}): Promise<T> {
  const headers: Record<string, string> = { 'x-locale': document.documentElement.lang || 'zh-CN' }
  if (body !== undefined) headers['content-type'] = 'application/json'
  let res: Response
  try {
    res = await fetch(path, { method, headers, body: form ?? (body === undefined ? undefined : JSON.stringify(body)), credentials: 'include', signal })
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error
    throw new ApiError(0, '', 0)
  }
  let envelope: { code?: number; msg?: string; data?: T } | null = null
  try {
    envelope = await res.json()
  } catch {
    throw new ApiError(res.status * 100, `failed: ${res.status} ${res.statusText}`, res.status)
  }
  if (envelope?.code === 20000) return envelope.data as T
  const code = envelope?.code ?? res.status * 100
  if (code === 40100) clearStoredUser()
  throw new ApiError(code, envelope?.msg || `failed: ${res.status} ${res.statusText}`, res.status)
}

/** The server's message of an error, or a fallback text of the calling screen. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback
}
