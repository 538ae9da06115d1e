// Errors the upload flow shows to the user; the texts match the `errors` messages (messages/*.json).

export type SrtErrorCode = 'empty_file' | 'invalid_format'

const MESSAGES: Record<SrtErrorCode, string> = {
  empty_file: 'file cannot be empty',
  invalid_format: 'SRT file format incorrect or content empty',
}

/** A subtitle file that cannot be used. Rule: `code` is stable for callers; `message` is its English text. */
export class SrtError extends Error {
  readonly code: SrtErrorCode

  constructor(code: SrtErrorCode) {
    super(MESSAGES[code])
    this.name = 'SrtError'
    this.code = code
  }
}
