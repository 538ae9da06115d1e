import http from 'node:http'
import { sleep } from './server'

export type Delivery = { at: string; url: string; status: number | null; body: string; attempt: number }

/**
 * POSTs a provider callback (Alipay notify, Airwallex webhook) to the app, as the provider would.
 * Rules: `*.localhost` is sent to 127.0.0.1 with the original Host header (Node does not resolve
 * those names); the answer counts as accepted when `isAccepted` says so, otherwise the call is
 * retried after each of `retryDelaysMs`, like the providers' own schedules, only much faster.
 */
export async function deliverCallback({
  url,
  body,
  headers,
  isAccepted,
  retryDelaysMs,
  log,
}: {
  url: string
  body: string
  headers: Record<string, string>
  isAccepted: (status: number, text: string) => boolean
  retryDelaysMs: number[]
  log: Delivery[]
}): Promise<boolean> {
  for (let attempt = 1; attempt <= retryDelaysMs.length + 1; attempt++) {
    const answer = await post(url, body, headers).catch(() => null)
    log.push({ at: new Date().toISOString(), url, status: answer?.status ?? null, body: answer?.text.slice(0, 200) ?? '', attempt })
    if (answer && isAccepted(answer.status, answer.text)) return true
    const wait = retryDelaysMs[attempt - 1]
    if (wait === undefined) break
    await sleep(wait)
  }
  return false
}

function post(target: string, body: string, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  const url = new URL(target)
  const local = url.hostname === 'localhost' || url.hostname.endsWith('.localhost')
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: local ? '127.0.0.1' : url.hostname,
        port: url.port || 80,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: { ...headers, host: url.host, 'content-length': Buffer.byteLength(body) },
        timeout: 10_000,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }))
        res.on('error', reject)
      },
    )
    req.on('timeout', () => req.destroy(new Error('callback timed out')))
    req.on('error', reject)
    req.end(body)
  })
}

/** Reads a whole request body as text. */
export async function readText(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The sandbox checkout pages of both payment fakes share one look. */
export function checkoutPage({ title, lang, lines, actions }: { title: string; lang: string; lines: string[]; actions: string }): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;font:15px system-ui,sans-serif;background:#f4f5f7;color:#111}
main{background:#fff;border-radius:14px;box-shadow:0 8px 30px rgba(0,0,0,.08);padding:28px 32px;width:min(380px,90vw)}
h1{font-size:18px;margin:0 0 4px}p{margin:6px 0;color:#444}.amount{font-size:28px;font-weight:700;margin:14px 0;color:#111}
form{display:inline}button{font:inherit;margin:16px 8px 0 0;padding:9px 18px;border-radius:8px;border:1px solid #ccc;background:#fff;cursor:pointer}
button.pay{background:#1677ff;border-color:#1677ff;color:#fff;font-weight:600}small{display:block;margin-top:18px;color:#888}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${lines.join('')}${actions}<small>Sandbox · no real money moves</small></main></body></html>`
}
