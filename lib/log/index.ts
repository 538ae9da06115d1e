// Structured logs: one JSON object a line, so a request id can be followed across processes.
// Personal data is redacted on the way out (./redact.ts): emails and API keys in any field, quoted values in errors.
import { redactCredentials, redactEmails, redactError } from './redact'

type Fields = Record<string, unknown>

function write(level: 'info' | 'warn' | 'error', event: string, fields: Fields = {}) {
  if (process.env.LOG_LEVEL === 'silent') return
  const line = JSON.stringify({ time: new Date().toISOString(), level, event, ...fields }, (_key, value) =>
    value instanceof Error ? redactError(value) : typeof value === 'string' ? redactCredentials(redactEmails(value)) : value,
  )
  if (level === 'error') console.error(line)
  else console.log(line)
}

export const log = {
  info: (event: string, fields?: Fields) => write('info', event, fields),
  warn: (event: string, fields?: Fields) => write('warn', event, fields),
  error: (event: string, fields?: Fields) => write('error', event, fields),
}
