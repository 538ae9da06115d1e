import { randomBytes } from 'node:crypto'
import { NextResponse } from 'next/server'
import { z } from 'zod'
import { wechatQrConfigSchema, type WechatQrConfig } from '@/lib/accounts/contract'
import { AppError } from '@/lib/errors'
import { ok, route } from '@/lib/http'
import { locales } from '@/lib/i18n/routing'
import { flowCookie, readFlowCookie, requestOrigin, wechatSettings, WECHAT_STATE_COOKIE, WECHAT_STATES_KEPT, type WechatFlow } from '@/lib/oauth'

const query = z.object({ redirect: z.string().max(200).optional() })
// WeChat brings the code back to the login page (in any of its locales), which consumes it; the
// code is never sent to any other page.
const LOGIN_PATH = new RegExp(`^(?:/(?:${locales.join('|')}))?/login$`)

// GET /api/wechat/qr_config?redirect=/login – settings for the QR panel, with a fresh state bound to a cookie
export const GET = route({ summary: 'Settings for the QR panel, with a fresh state bound to a cookie', auth: 'public', query, response: wechatQrConfigSchema }, async ({ req, query }) => {
  const settings = wechatSettings()
  if (!settings) throw new AppError('bad_request', 'wechatUnavailable')
  const path = query.redirect ?? '/login'
  if (!LOGIN_PATH.test(path)) throw new AppError('bad_request', 'redirectInvalid')
  const state = randomBytes(16).toString('base64url')
  const redirectUri = `${requestOrigin(req)}${path}`
  const qrconnect = new URL(`${settings.openBase}/connect/qrconnect`)
  qrconnect.search = new URLSearchParams({ appid: settings.appId, redirect_uri: redirectUri, response_type: 'code', scope: 'snsapi_login', state }).toString()
  const data: WechatQrConfig = { appId: settings.appId, state, redirectUri, isSandbox: settings.isSandbox, qrconnectUrl: `${qrconnect.href}#wechat_redirect` }
  const res = NextResponse.json(ok(data), { headers: { 'cache-control': 'no-store' } })
  const previous = (await readFlowCookie<WechatFlow>(req.headers, WECHAT_STATE_COOKIE))?.states ?? []
  const states = [state, ...(Array.isArray(previous) ? previous : [])].slice(0, WECHAT_STATES_KEPT)
  res.headers.append('set-cookie', await flowCookie<WechatFlow>(WECHAT_STATE_COOKIE, { states }))
  return res
})
