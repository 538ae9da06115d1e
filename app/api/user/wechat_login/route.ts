import { timingSafeEqual } from 'node:crypto'
import { NextResponse } from 'next/server'
import { findOrCreateWechatUser } from '@/lib/accounts'
import { signedInSchema } from '@/lib/accounts/contract'
import { wechatLoginSchema } from '@/lib/accounts/schemas'
import { createSession, toPublicUser } from '@/lib/auth'
import { AppError } from '@/lib/errors'
import { ok, route } from '@/lib/http'
import { clearedFlowCookie, exchangeWechatCode, flowCookie, readFlowCookie, WECHAT_STATE_COOKIE, type WechatFlow } from '@/lib/oauth'

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

// POST /api/user/wechat_login – exchange a WeChat code (state checked against its cookie) and sign in
export const POST = route({ summary: 'Exchange a WeChat code (state checked against its cookie) and sign in', auth: 'public', body: wechatLoginSchema, response: signedInSchema }, async ({ req, body, setSession }) => {
  // The state ties the code to this browser, so nobody can sign a visitor in to someone else's account.
  const flow = await readFlowCookie<WechatFlow>(req.headers, WECHAT_STATE_COOKIE)
  const states = Array.isArray(flow?.states) ? flow.states : []
  const returned = body.state ?? ''
  if (!returned || !states.some((state) => sameText(state, returned))) throw new AppError('bad_request', 'wechatState')
  const profile = await exchangeWechatCode(body.code)
  const user = await findOrCreateWechatUser(profile)
  const token = await createSession({ userId: user.id })
  setSession(token)
  const res = NextResponse.json(ok({ ...toPublicUser(user), token }))
  // Each state is good for one sign-in; the others stay valid for their own QR codes.
  const rest = states.filter((state) => state !== returned)
  res.headers.append('set-cookie', rest.length > 0 ? await flowCookie<WechatFlow>(WECHAT_STATE_COOKIE, { states: rest }) : clearedFlowCookie(WECHAT_STATE_COOKIE))
  return res
})
