import type en from '@/messages/en-US.json'

export type ErrorKey = keyof (typeof en)['errors']

export type AppErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'insufficient_points'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'rate_limited'
  | 'unsupported_media_type'
  | 'internal'
  | 'upstream_failed'
  | 'unavailable'

/** HTTP status of each code; the envelope code is the status × 100. */
export const HTTP_STATUS: Record<AppErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  insufficient_points: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  unsupported_media_type: 415,
  internal: 500,
  upstream_failed: 502,
  unavailable: 503,
}

/** An expected failure: its message is a key of the `errors` messages, shown in the caller's language. */
export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    readonly messageKey: ErrorKey,
    readonly values: Record<string, string | number> = {},
  ) {
    super(`${code}: ${messageKey}`)
    this.name = 'AppError'
  }

  get status() {
    return HTTP_STATUS[this.code]
  }
}
