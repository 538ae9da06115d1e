export { requestOrigin, isLocalPath, safeLocalPath, sameSitePath } from './request-origin'
export { flowCookie, clearedFlowCookie, readFlowCookie } from './flow-cookie'
export { startGoogleSignIn, finishGoogleSignIn, isGoogleConfigured, GOOGLE_FLOW_COOKIE, type GoogleFlow } from './google'
export { exchangeWechatCode, wechatSettings, WECHAT_STATE_COOKIE, WECHAT_STATES_KEPT, type WechatFlow } from './wechat'
