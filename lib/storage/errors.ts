/** A failure with a code, ours or a vendor's, and what the vendor's answer said of it: its HTTP status and request id. */
export class CodedError extends Error {
  readonly code: string
  readonly status?: number
  readonly requestId?: string

  constructor(code: string, message: string, extra: { status?: number; requestId?: string; cause?: unknown } = {}) {
    super(message, { cause: extra.cause })
    this.code = code
    this.status = extra.status
    this.requestId = extra.requestId
  }
}

/**
 * Any storage failure. `code` is ours (`invalid_key`, `timeout`) or the vendor's error code
 * (`SignatureDoesNotMatch`, `InvalidDigest`, ...); callers map it, the message stays server-side.
 */
export class StorageError extends CodedError {
  override name = 'StorageError'
}

const SEGMENT = /^[^\\/\0]+$/

/**
 * Rule: a key is a relative path of non-empty segments; `.`, `..`, backslashes, NUL and leading
 * slashes are refused, so no key can leave the storage root or mean two different objects.
 */
export function assertSafeKey(key: string): string {
  const segments = key.split('/')
  const isSafe =
    key.length > 0 &&
    key.length <= 1023 &&
    !/^[a-zA-Z]:/.test(key) &&
    segments.every((s) => SEGMENT.test(s) && s !== '.' && s !== '..')
  if (!isSafe) throw new StorageError('invalid_key', `Refused storage key ${JSON.stringify(key)}`)
  return key
}
