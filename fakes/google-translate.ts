import type http from 'node:http'
import { readJson, sendJson, startFakeServer, type FakeContext, type FakeServer } from './server'

export const GOOGLE_MAX_SEGMENTS = 128
export const GOOGLE_MAX_BYTES = 100_000

type GoogleErrorStatus = 'INVALID_ARGUMENT' | 'PERMISSION_DENIED' | 'INTERNAL' | 'UNAVAILABLE' | 'NOT_FOUND'

function googleError(res: http.ServerResponse, code: number, message: string, status: GoogleErrorStatus, reason: string, domain = 'global') {
  sendJson(res, code, { error: { code, message, errors: [{ message, domain, reason }], status } })
}

// With format "html" Google treats the input as HTML: tags survive, text special characters come back as entities.
const escapeHtmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/"/g, '&quot;')

/**
 * Starts a Google Cloud Translation v2 fake. Rule: `POST /language/translate/v2?key=` translates
 * each `q` to `[${target}] ${text}` in order; a bad key gets 400, a missing key 403, more than 128
 * segments or 100K bytes gets 400; stats count segments and record `maxSegments` per request.
 */
export async function startGoogleTranslateFake({ apiKey, port, delayMs }: { apiKey: string; port?: number; delayMs?: number }): Promise<FakeServer> {
  async function handle(req: http.IncomingMessage, res: http.ServerResponse, ctx: FakeContext) {
    if (req.method !== 'POST' || ctx.url.pathname !== '/language/translate/v2') {
      return googleError(res, 404, 'Not Found', 'NOT_FOUND', 'notFound')
    }
    const key = ctx.url.searchParams.get('key')
    if (!key) return googleError(res, 403, 'The request is missing a valid API key.', 'PERMISSION_DENIED', 'forbidden')
    if (key !== apiKey) return googleError(res, 400, 'API key not valid. Please pass a valid API key.', 'INVALID_ARGUMENT', 'badRequest')

    let body: { q?: unknown; target?: unknown; source?: unknown; format?: unknown }
    try {
      body = ((await readJson(req)) ?? {}) as typeof body
    } catch {
      return googleError(res, 400, 'Invalid JSON payload received.', 'INVALID_ARGUMENT', 'badRequest')
    }
    const segments = typeof body.q === 'string' ? [body.q] : body.q
    if (!Array.isArray(segments) || segments.length === 0 || !segments.every((s) => typeof s === 'string')) {
      return googleError(res, 400, 'Required Text', 'INVALID_ARGUMENT', 'required')
    }
    if (typeof body.target !== 'string' || !/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/.test(body.target)) {
      return googleError(res, 400, 'Invalid Value', 'INVALID_ARGUMENT', 'invalid')
    }
    if (segments.length > GOOGLE_MAX_SEGMENTS) return googleError(res, 400, 'Too many text segments', 'INVALID_ARGUMENT', 'badRequest')
    const bytes = segments.reduce((sum, s) => sum + Buffer.byteLength(s), 0)
    if (bytes > GOOGLE_MAX_BYTES) return googleError(res, 400, 'Text too long', 'INVALID_ARGUMENT', 'badRequest')

    ctx.count('segments', segments.length)
    ctx.count('bytes', bytes)
    ctx.stats.counters.maxSegments = Math.max(ctx.stats.counters.maxSegments ?? 0, segments.length)

    const fault = await ctx.faultFor(segments)
    const kind = fault?.kind
    if (kind === '429') {
      return googleError(res, 403, 'User Rate Limit Exceeded', 'PERMISSION_DENIED', 'userRateLimitExceeded', 'usageLimits')
    }
    if (kind === '5xx') {
      return (fault?.roll ?? 0) < 0.5
        ? googleError(res, 500, 'Internal error encountered.', 'INTERNAL', 'backendError')
        : googleError(res, 503, 'The service is currently unavailable.', 'UNAVAILABLE', 'backendError')
    }
    if (kind === 'malformed') {
      res.writeHead(200, { 'content-type': 'text/html' })
      return void res.end('<html><body>502 Bad Gateway</body></html>')
    }

    const isHtml = body.format !== 'text'
    const translations = segments.map((text: string) => {
      const translated = kind === 'blank' || text === '' ? '' : `[${body.target}] ${text}`
      return {
        translatedText: isHtml ? escapeHtmlText(translated) : translated,
        ...(typeof body.source === 'string' ? {} : { detectedSourceLanguage: 'en' }),
      }
    })
    if (kind === 'wrong_count') translations.splice(Math.floor((fault?.roll ?? 0.99) * translations.length), 1)
    sendJson(res, 200, { data: { translations } })
  }

  return startFakeServer({ name: 'google-translate', port, delayMs, handler: handle })
}
