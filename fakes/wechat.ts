import { createHash, randomBytes } from 'node:crypto'
import type http from 'node:http'
import { sendJson, startFakeServer, type FakeContext, type FakeServer } from './server'

type Grant = { openid: string; unionid?: string; nickname: string; isUsed: boolean; expiresAt: number }

const CODE_TTL_MS = 10 * 60 * 1000
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
const digest = (text: string) => createHash('sha256').update(text).digest('hex')

// WeChat answers errors with HTTP 200, a JSON body and often a text/plain content type.
function wxJson(res: http.ServerResponse, body: unknown) {
  const text = JSON.stringify(body)
  res.writeHead(200, { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(text) })
  res.end(text)
}

/** A QR-looking grid drawn from a seed: it only has to look like WeChat's panel. */
function fakeQr(seed: string): string {
  const bits = digest(seed) + digest(`${seed}!`)
  const cells: string[] = []
  for (let y = 0; y < 21; y++) {
    for (let x = 0; x < 21; x++) {
      const finder = (x < 7 && y < 7) || (x > 13 && y < 7) || (x < 7 && y > 13)
      const on = finder ? x % 6 === 0 || y % 6 === 0 || (x % 7 >= 2 && x % 7 <= 4 && y % 7 >= 2 && y % 7 <= 4) || x === 20 || y === 20 : parseInt(bits[(y * 21 + x) % bits.length], 16) % 2 === 0
      if (on) cells.push(`<rect x="${x}" y="${y}" width="1" height="1"/>`)
    }
  }
  return `<svg viewBox="-1 -1 23 23" width="180" height="180" aria-hidden="true" fill="#111">${cells.join('')}</svg>`
}

/**
 * The sandbox panel's words. WeChat's own panel is Chinese unless `lang=en` is asked for; the
 * sandbox also speaks Japanese (`lang=ja`), so each login page shows it in the page's language.
 */
const QR_TEXTS = {
  cn: { title: '微信登录沙盒', nickname: '昵称', defaultName: '微信测试用户', scan: '模拟扫码登录', decline: '拒绝授权' },
  en: { title: 'WeChat sign-in sandbox', nickname: 'Nickname', defaultName: 'WeChat tester', scan: 'Simulate a scan', decline: 'Decline' },
  ja: { title: 'WeChat ログイン（サンドボックス）', nickname: 'ニックネーム', defaultName: 'WeChat テストユーザー', scan: 'スキャンを模擬する', decline: '許可しない' },
} as const

type QrLang = keyof typeof QR_TEXTS
const qrLang = (lang: string | null): QrLang => (lang === 'en' || lang === 'ja' ? lang : 'cn')
const HTML_LANG: Record<QrLang, string> = { cn: 'zh-CN', en: 'en', ja: 'ja' }

function qrPage(params: URLSearchParams): string {
  const lang = qrLang(params.get('lang'))
  const text = QR_TEXTS[lang]
  const hidden = ['appid', 'redirect_uri', 'state'].map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(params.get(k) ?? '')}">`).join('')
  const decline = new URL(params.get('redirect_uri') ?? 'about:blank')
  decline.searchParams.set('state', params.get('state') ?? '')
  return `<!doctype html><html lang="${HTML_LANG[lang]}"><head><meta charset="utf-8"><title>${escapeHtml(text.title)}</title>
<style>body{margin:0;font:14px system-ui,"PingFang SC","Hiragino Sans","Microsoft YaHei","Noto Sans CJK SC",sans-serif;color:#111;background:#fff;text-align:center}main{padding:12px}
p{margin:6px 0;color:#555}input[type=text]{width:150px;padding:5px 8px;border:1px solid #ccc;border-radius:6px}
label{font-size:13px}button{margin-top:8px;padding:7px 16px;border:0;border-radius:6px;background:#07c160;color:#fff;font-weight:600;cursor:pointer}
a{color:#576b95;font-size:12px}</style></head><body><main>
${fakeQr(params.get('state') ?? '')}
<p>${escapeHtml(text.title)}</p>
<form method="get" action="/connect/confirm" target="_top">${hidden}
<label>${escapeHtml(text.nickname)} <input type="text" name="nickname" value="${escapeHtml(text.defaultName)}" maxlength="32"></label><br>
<button type="submit" data-testid="wechat-simulate-scan">${escapeHtml(text.scan)}</button></form>
<p><a href="${escapeHtml(decline.href)}" target="_top">${escapeHtml(text.decline)}</a></p></main></body></html>`
}

/**
 * Starts a fake of WeChat website login. Rules: `/connect/qrconnect` shows a sandbox QR panel whose
 * "simulate scan" (`/connect/confirm`) redirects to redirect_uri with a one-time code (10 minutes)
 * and the state; `/sns/oauth2/access_token` answers 40029 for unknown codes, 40163 for used ones
 * and 40125 for a wrong secret; `/sns/userinfo` needs a token it issued. The same nickname always
 * maps to the same openid/unionid; `nounion=1` on confirm leaves unionid out.
 */
export async function startWechatFake({ appId, secret, port, delayMs }: { appId: string; secret: string; port?: number; delayMs?: number }): Promise<FakeServer> {
  const grants = new Map<string, Grant>()
  const tokens = new Map<string, Grant>()

  function handle(_req: http.IncomingMessage, res: http.ServerResponse, ctx: FakeContext): void {
    const q = ctx.url.searchParams
    switch (ctx.url.pathname) {
      case '/connect/qrconnect': {
        if (q.get('appid') !== appId || !q.get('redirect_uri')) {
          res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' })
          res.end('<p>该链接无法访问</p>')
          return
        }
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        res.end(qrPage(q))
        return
      }
      case '/connect/confirm': {
        let target: URL
        try {
          target = new URL(q.get('redirect_uri') ?? '')
        } catch {
          return sendJson(res, 400, { error: 'redirect_uri missing' })
        }
        const nickname = (q.get('nickname') ?? '').trim() || 'WeChat tester'
        const code = randomBytes(16).toString('hex')
        grants.set(code, {
          openid: `o${digest(`${appId}:${nickname}`).slice(0, 27)}`,
          unionid: q.get('nounion') === '1' ? undefined : `u${digest(nickname).slice(0, 27)}`,
          nickname,
          isUsed: false,
          expiresAt: Date.now() + CODE_TTL_MS,
        })
        ctx.count('codes')
        target.searchParams.set('code', code)
        target.searchParams.set('state', q.get('state') ?? '')
        res.writeHead(302, { location: target.href })
        res.end()
        return
      }
      case '/sns/oauth2/access_token': {
        if (q.get('appid') !== appId) return wxJson(res, { errcode: 40013, errmsg: 'invalid appid' })
        if (q.get('secret') !== secret) return wxJson(res, { errcode: 40125, errmsg: 'invalid appsecret' })
        if (q.get('grant_type') !== 'authorization_code') return wxJson(res, { errcode: 40002, errmsg: 'invalid grant_type' })
        const code = q.get('code')
        if (!code) return wxJson(res, { errcode: 41008, errmsg: 'missing code' })
        const grant = grants.get(code)
        if (!grant || grant.expiresAt < Date.now()) return wxJson(res, { errcode: 40029, errmsg: 'invalid code' })
        if (grant.isUsed) return wxJson(res, { errcode: 40163, errmsg: 'code been used' })
        grant.isUsed = true
        const accessToken = randomBytes(16).toString('hex')
        tokens.set(accessToken, grant)
        ctx.count('exchanges')
        return wxJson(res, { access_token: accessToken, expires_in: 7200, refresh_token: randomBytes(16).toString('hex'), openid: grant.openid, scope: 'snsapi_login', ...(grant.unionid ? { unionid: grant.unionid } : {}) })
      }
      case '/sns/userinfo': {
        const grant = tokens.get(q.get('access_token') ?? '')
        if (!grant || grant.openid !== q.get('openid')) return wxJson(res, { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' })
        return wxJson(res, { openid: grant.openid, nickname: grant.nickname, sex: 0, province: '', city: '', country: '', headimgurl: '', privilege: [], ...(grant.unionid ? { unionid: grant.unionid } : {}) })
      }
      default:
        return sendJson(res, 404, { errcode: 404, errmsg: 'not found' })
    }
  }

  return startFakeServer({ name: 'wechat', port, delayMs, handler: handle })
}
