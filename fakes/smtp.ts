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
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

function parseMail(raw: string, to: string[], from: string): ReceivedMail {
  const split = raw.search(/\r?\n\r?\n/)
  const head = split >= 0 ? raw.slice(0, split) : raw
  const body = decodeQuotedPrintable(split >= 0 ? raw.slice(split).trim() : '')
  const subject = /^subject:\s*(.*)$/im.exec(head)?.[1] ?? ''
  const code = /(?<!\d)(\d{6})(?!\d)/.exec(body)?.[1] ?? null
  return { to, from, subject, text: body, code, receivedAt: new Date().toISOString() }
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
