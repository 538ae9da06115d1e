import type http from 'node:http'
import { sendJson, startFakeServer, type FakeContext, type FakeServer } from './server'

export const MYMEMORY_MAX_BYTES = 500

export const MYMEMORY_QUOTA_TEXT =
  'MYMEMORY WARNING: YOU USED ALL AVAILABLE FREE TRANSLATIONS FOR TODAY. NEXT AVAILABLE IN  10 HOURS 05 MINUTES 38 SECONDS VISIT HTTPS://MYMEMORY.TRANSLATED.NET/DOC/USAGELIMITS.PHP TO TRANSLATE MORE'

// Primary subtags MyMemory accepts in a langpair (a subset is enough: anything else is "invalid").
const KNOWN_LANGUAGES = new Set(
  'af ar bg bn ca cs cy da de el en es et fa fi fr ga he hi hr hu id is it ja ko lt lv ms mt nl no pl pt ro ru sk sl sq sr sv sw ta th tl tr uk ur vi zh'.split(' '),
)

const isKnown = (code: string) => KNOWN_LANGUAGES.has(code.split('-')[0].toLowerCase()) && /^[a-z]{2,3}(-[a-z]{2,4})?$/i.test(code)

// MyMemory's answers often carry HTML entities (`&#39;`); the fake always sends them so clients must decode.
const encodeEntities = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/"/g, '&quot;')

/** The shape MyMemory answers with, errors included (they usually arrive as HTTP 200). */
function answer(res: http.ServerResponse, translatedText: string, responseStatus: number | string, extra: Record<string, unknown> = {}) {
  sendJson(res, 200, {
    responseData: { translatedText, match: responseStatus === 200 ? 1 : 0 },
    quotaFinished: false,
    mtLangSupported: null,
    responseDetails: responseStatus === 200 ? '' : translatedText,
    responseStatus,
    responderId: null,
    exception_code: null,
    matches: [],
    ...extra,
  })
}

/**
 * Starts a MyMemory fake. Rule: `GET /get?q=&langpair=src|tgt` translates to `[${tgt}] ${q}` with
 * entities encoded; a q over 500 UTF-8 bytes, an unknown language (`auto` included) and the `429`
 * fault (daily quota) are answered as HTTP 200 with MyMemory's upper-case error text.
 */
export async function startMyMemoryFake({ port, delayMs }: { port?: number; delayMs?: number } = {}): Promise<FakeServer> {
  async function handle(req: http.IncomingMessage, res: http.ServerResponse, ctx: FakeContext) {
    if (req.method !== 'GET' || ctx.url.pathname !== '/get') return sendJson(res, 404, { responseStatus: 404, responseDetails: 'NOT FOUND' })
    const q = ctx.url.searchParams.get('q')
    const [source = '', target = ''] = (ctx.url.searchParams.get('langpair') ?? '').split('|')
    if (!q) return answer(res, 'NO QUERY SPECIFIED. EXAMPLE REQUEST: GET?Q=HELLO&LANGPAIR=EN|IT', 403)
    const bytes = Buffer.byteLength(q)
    ctx.count('queries')
    ctx.count('bytes', bytes)
    ctx.stats.counters.maxQueryBytes = Math.max(ctx.stats.counters.maxQueryBytes ?? 0, bytes)
    if (ctx.url.searchParams.get('de')) ctx.count('withEmail')

    const langHint = 'EXAMPLE: LANGPAIR=EN|IT USING 2 LETTER ISO OR RFC3066 LIKE ZH-CN. ALMOST ALL LANGUAGES SUPPORTED BUT SOME MAY HAVE NO CONTENT'
    if (!isKnown(source)) return answer(res, `'${source.toUpperCase()}' IS AN INVALID SOURCE LANGUAGE . ${langHint}`, 403)
    if (!isKnown(target)) return answer(res, `'${target.toUpperCase()}' IS AN INVALID TARGET LANGUAGE . ${langHint}`, 403)
    if (bytes > MYMEMORY_MAX_BYTES) return answer(res, 'QUERY LENGTH LIMIT EXCEEDED. MAX ALLOWED QUERY : 500 CHARS', 403)

    const kind = (await ctx.faultFor([q]))?.kind
    if (kind === '429') return answer(res, MYMEMORY_QUOTA_TEXT, '429', { quotaFinished: true })
    if (kind === '5xx') return sendJson(res, 503, { responseStatus: 503, responseDetails: 'SERVICE UNAVAILABLE' })
    if (kind === 'malformed') {
      res.writeHead(200, { 'content-type': 'text/html' })
      return void res.end('<html><body>Server busy</body></html>')
    }
    const blank = kind === 'blank' || kind === 'wrong_count'
    answer(res, blank ? '' : encodeEntities(`[${target}] ${q}`), 200)
  }

  return startFakeServer({ name: 'mymemory', port, delayMs, handler: handle })
}
