// A local mail server for tests and browser tests: real SMTP in (smtp-server), and a small HTTP
// inbox out (GET /messages?to=) so a test in another process can read the code it was sent.
import { SMTPServer } from 'smtp-server'
import type { AddressInfo } from 'node:net'
import { sendJson, startFakeServer, type FakeServer } from './server'

export type ReceivedMail = { to: string[]; from: string; subject: string; text: string; code: string | null; receivedAt: string }

export type SmtpFake = {
  smtpUrl: string
  smtpPort: number
  http: FakeServer
  messages: ReceivedMail[]
  /** The newest 6-digit code sent to an address, if any. */
  latestCode(to: string): string | null
  close(): Promise<void>
}

function decodeQuotedPrintable(text: string) {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  return Buffer.from(bytes, 'latin1').toString('utf8')
}

function splitEntity(raw: string): { headers: string; body: string } {
  const split = raw.search(/\r?\n\r?\n/)
  return split >= 0 ? { headers: raw.slice(0, split), body: raw.slice(split).replace(/^\r?\n\r?\n/, '') } : { headers: raw, body: '' }
}

function header(headers: string, name: string): string {
  // Folded header lines continue with whitespace.
  return new RegExp(`^${name}:\\s*((?:.*)(?:\\r?\\n[ \\t].*)*)`, 'im').exec(headers)?.[1].replace(/\r?\n[ \t]+/g, ' ') ?? ''
}

/** The text of a MIME entity: multipart parts joined, base64 and quoted-printable decoded (UTF-8). */
function entityText(raw: string): string {
  const { headers, body } = splitEntity(raw)
  const type = header(headers, 'content-type')
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .map((part) => entityText(part.replace(/^\r?\n/, '')))
      .join('\n')
  }
  const encoding = header(headers, 'content-transfer-encoding').toLowerCase()
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body)
  return body
}

/** Decodes RFC 2047 encoded words (=?UTF-8?B?...?=) in a header value. */
function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  )
}

function parseMail(raw: string, to: string[], from: string): ReceivedMail {
  const { headers } = splitEntity(raw)
  const text = entityText(raw).trim()
  const code = /(?<!\d)(\d{6})(?!\d)/.exec(text)?.[1] ?? null
  return { to, from, subject: decodeWords(header(headers, 'subject')), text, code, receivedAt: new Date().toISOString() }
}

/** Starts the SMTP fake (no TLS, any or no auth) and its HTTP inbox. */
export async function startSmtpFake({ smtpPort = 0, httpPort = 0 }: { smtpPort?: number; httpPort?: number } = {}): Promise<SmtpFake> {
  const messages: ReceivedMail[] = []
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase())
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : ''
        messages.push(parseMail(Buffer.concat(chunks).toString('utf8'), to, from))
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(smtpPort, '127.0.0.1', resolve))
  const actualPort = (server.server.address() as AddressInfo).port

  const inbox = (to: string | null) => (to ? messages.filter((m) => m.to.includes(to.toLowerCase())) : messages)
  const http = await startFakeServer({
    name: 'smtp-inbox',
    port: httpPort,
    handler: (req, res, ctx) => {
      if (ctx.url.pathname !== '/messages') return sendJson(res, 404, { error: 'not found' })
      if (req.method === 'DELETE') {
        messages.length = 0
        return sendJson(res, 200, { ok: true })
      }
      sendJson(res, 200, { messages: inbox(ctx.url.searchParams.get('to')) })
    },
  })
  return {
    smtpUrl: `smtp://127.0.0.1:${actualPort}`,
    smtpPort: actualPort,
    http,
    messages,
    latestCode: (to) => inbox(to).findLast((m) => m.code)?.code ?? null,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await http.close()
    },
  }
}
