import 'server-only'
import { env } from '@/lib/env'
import { AppError } from '@/lib/errors'
import { log } from '@/lib/log'
import type { WechatProfile } from '@/lib/accounts/external'

export const WECHAT_STATE_COOKIE = 'ss_wx'
// The states of the QR codes shown lately in this browser: a new QR panel (another tab, or the
// page reloading while a code is exchanged) must not invalidate a code already on its way back.
export type WechatFlow = { states: string[] }
export const WECHAT_STATES_KEPT = 5

const REAL_OPEN_HOST = 'open.weixin.qq.com'
// WeChat's documented "bad code" answers: invalid, already used, missing.
const BAD_CODE_ERRORS = new Set([40029, 40163, 41008])

/** WeChat website login settings, or null when it is not configured. */
export function wechatSettings() {
  const e = env()
  if (!e.WECHAT_APP_ID || !e.WECHAT_APP_SECRET) return null
  const openBase = e.WECHAT_OPEN_BASE_URL.replace(/\/+$/, '')
  return {
    appId: e.WECHAT_APP_ID,
    secret: e.WECHAT_APP_SECRET,
    openBase,
    apiBase: e.WECHAT_API_BASE_URL.replace(/\/+$/, ''),
    // Anything but WeChat's own host is the local fake: its QR page is framed directly.
    isSandbox: new URL(openBase).hostname !== REAL_OPEN_HOST,
  }
}

// WeChat answers errors with HTTP 200 and sometimes text/plain, so the text is parsed by hand.
async function getJson(url: URL): Promise<Record<string, unknown>> {
  let text: string
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000), cache: 'no-store' })
    text = await res.text()
  } catch (error) {
    log.warn('wechat.unreachable', { path: url.pathname, error })
    throw new AppError('upstream_failed', 'upstreamFailed')
  }
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = null
  }
  if (!body || typeof body !== 'object') throw new AppError('upstream_failed', 'upstreamFailed')
  const data = body as Record<string, unknown>
  const errcode = Number(data.errcode ?? 0)
  if (errcode !== 0) {
    log.warn('wechat.error', { path: url.pathname, errcode, errmsg: data.errmsg })
    throw BAD_CODE_ERRORS.has(errcode) ? new AppError('bad_request', 'wechatCodeInvalid') : new AppError('upstream_failed', 'upstreamFailed')
  }
  return data
}

/**
 * Exchanges a one-time WeChat code for the person's profile (sns/oauth2/access_token, then
 * sns/userinfo). Rule: the account key is the unionid, or the openid when WeChat gives none.
 */
export async function exchangeWechatCode(code: string): Promise<WechatProfile> {
  const settings = wechatSettings()
  if (!settings) throw new AppError('bad_request', 'wechatUnavailable')
  const tokenUrl = new URL(`${settings.apiBase}/sns/oauth2/access_token`)
  tokenUrl.search = new URLSearchParams({ appid: settings.appId, secret: settings.secret, code, grant_type: 'authorization_code' }).toString()
  const token = await getJson(tokenUrl)
  const accessToken = String(token.access_token ?? '')
  const openid = String(token.openid ?? '')
  if (!accessToken || !openid) throw new AppError('upstream_failed', 'upstreamFailed')
  const infoUrl = new URL(`${settings.apiBase}/sns/userinfo`)
  infoUrl.search = new URLSearchParams({ access_token: accessToken, openid, lang: 'zh_CN' }).toString()
  const info = await getJson(infoUrl)
  const unionid = String(info.unionid ?? token.unionid ?? '') || undefined
  const picture = typeof info.headimgurl === 'string' && info.headimgurl.startsWith('https://') ? info.headimgurl : undefined
  return { key: unionid ?? `openid:${openid}`, nickname: typeof info.nickname === 'string' ? info.nickname : undefined, headimgurl: picture }
}
