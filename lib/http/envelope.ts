export const SUCCESS_CODE = 20000

export type Envelope<T> = { code: number; msg: string; data: T }

/** The success envelope: code 20000 (docs/product.md, API). */
export function ok<T>(data: T): Envelope<T> {
  return { code: SUCCESS_CODE, msg: 'ok', data }
}

/** The error envelope: code = HTTP status × 100, data null (docs/product.md, Errors). */
export function fail(status: number, msg: string): Envelope<null> {
  return { code: status * 100, msg, data: null }
}
