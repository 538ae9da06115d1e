// The Content-Security-Policy of pages. Prerendered pages are allowed their inline scripts by hash
// (they must stay static, and a per-request nonce cannot be baked into a shared file); pages
// rendered per request get a nonce, which Next.js writes onto its scripts. No 'unsafe-inline' for scripts.

/** Outside scripts the app loads: WeChat's QR script and the Airwallex components SDK. */
const SCRIPT_HOSTS = ['https://res.wx.qq.com', 'https://static.airwallex.com', 'https://static-demo.airwallex.com', 'https://checkout.airwallex.com', 'https://checkout-demo.airwallex.com']
/** Frames the app shows: WeChat's QR panel (its sandbox origin is configured) and the Airwallex SDK's. */
const FRAME_HOSTS = ['https://open.weixin.qq.com', 'https://checkout.airwallex.com', 'https://checkout-demo.airwallex.com']

export type ScriptAllowance = { nonce: string } | { hashes: string[] }

type Options = { scripts: ScriptAllowance; dev?: boolean; frameOrigins?: string[] }

/** The policy for one page answer. */
export function pagePolicy({ scripts, dev = false, frameOrigins = [] }: Options): string {
  const allowed = 'nonce' in scripts ? [`'nonce-${scripts.nonce}'`] : scripts.hashes.map((h) => `'${h}'`)
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    // Development: React's debugging needs eval, and hot reloading a socket.
    ['script-src', ["'self'", ...allowed, ...SCRIPT_HOSTS, ...(dev ? ["'unsafe-eval'"] : [])]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', 'https:']],
    ['font-src', ["'self'", 'data:']],
    // The editor plays a video the user picks on their own machine, through a blob: URL.
    ['media-src', ["'self'", 'blob:']],
    ['connect-src', ["'self'", 'https://*.airwallex.com', ...(dev ? ['ws:'] : [])]],
    ['frame-src', unique(["'self'", ...FRAME_HOSTS, ...frameOrigins])],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ]
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ')
}

/**
 * The policy of the ASS renderer's worker script (public/vendor/jassub/): a worker runs under the
 * policy of its own script's answer, not the page's, so this is the only place libass's WebAssembly
 * is allowed to compile. It loads its glue, wasm and fonts from our origin and nothing else.
 */
export const ASS_WORKER_POLICY = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; frame-ancestors 'none'"

/** The policy of JSON answers: nothing to run, nothing to frame. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'"

/** The origin of a configured URL, or nothing when unset or malformed. */
export function originOf(url: string | undefined): string[] {
  if (!url) return []
  try {
    return [new URL(url).origin]
  } catch {
    return []
  }
}

/** The inline scripts of an HTML document (no src, executable type), as CSP sha256 sources. */
export async function inlineScriptHashes(html: string): Promise<string[]> {
  const hashes: string[] = []
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attrs, body] = match
    if (/\bsrc\s*=/i.test(attrs) || body === '') continue
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase()
    if (type && type !== 'text/javascript' && type !== 'module' && type !== 'application/javascript') continue
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body))
    hashes.push(`sha256-${Buffer.from(digest).toString('base64')}`)
  }
  return unique(hashes)
}

/** Headers every answer carries (pages and API alike); HSTS only in production. */
export function baseSecurityHeaders(production: boolean): { key: string; value: string }[] {
  return [
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(self), usb=()' },
    { key: 'X-Frame-Options', value: 'DENY' },
    ...(production ? [{ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' }] : []),
  ]
}

function unique(values: string[]) {
  return [...new Set(values)]
}
