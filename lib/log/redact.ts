// Logs never carry personal data: email addresses anywhere, and the request values that error
// messages quote (Prisma names every argument of a failed query, `{ email: "ann@example.com" }`;
// mail servers name the recipient; validation errors repeat the input).

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu
// "…" and '…' literals, escapes included; backticks stay (Prisma names methods in them).
const QUOTED = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g

// API keys and webhook secrets, found by their prefixes wherever a line quotes one (a header, a URL).
const CREDENTIAL = /\b(ss_live_|whsec_)[A-Za-z0-9_+/=-]+/g

/** API keys and webhook signing secrets replaced by their prefix and `[redacted]`. */
export function redactCredentials(text: string): string {
  return text.replace(CREDENTIAL, '$1[redacted]')
}

/** Email addresses replaced by `[email]`. */
export function redactEmails(text: string): string {
  return text.replace(EMAIL, '[email]')
}

/** Error text with email addresses and every quoted value replaced. */
export function redactErrorText(text: string): string {
  return redactCredentials(redactEmails(text)).replace(QUOTED, (quoted) => `${quoted[0]}[redacted]${quoted[0]}`)
}

/** An error as logged: name, code, redacted message and stack, and its causes the same way. */
export function redactError(error: Error, depth = 0): Record<string, unknown> {
  const code = (error as { code?: unknown }).code
  const out: Record<string, unknown> = { name: error.name, message: redactErrorText(error.message) }
  if (typeof code === 'string' || typeof code === 'number') out.code = code
  if (error.stack) out.stack = redactErrorText(error.stack)
  if (error.cause instanceof Error && depth < 3) out.cause = redactError(error.cause, depth + 1)
  return out
}
