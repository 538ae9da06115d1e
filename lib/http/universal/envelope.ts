// The `{ code, msg, data }` envelope every API answer wears, and its codes by name. Pure: the
// browser's API client (lib/client/api.ts) reads the same codes, so neither side writes a number.
import { HTTP_STATUS, type AppErrorCode } from '@/lib/errors/app-error'

export const SUCCESS_CODE = 20000

export type Envelope<T> = { code: number; msg: string; data: T }

/** The envelope code of each error, by the name the server throws it under: its HTTP status × 100. */
export const ERROR_CODES = Object.fromEntries(Object.entries(HTTP_STATUS).map(([name, status]) => [name, status * 100])) as Record<AppErrorCode, number>

export type { AppErrorCode as ErrorName }

/** The success envelope: code 20000 (docs/product.md, API). */
export function ok<T>(data: T): Envelope<T> {
  return { code: SUCCESS_CODE, msg: 'ok', data }
}

/** The error envelope: code = HTTP status × 100, data null (docs/product.md, Errors). */
export function fail(status: number, msg: string): Envelope<null> {
  return { code: status * 100, msg, data: null }
}
