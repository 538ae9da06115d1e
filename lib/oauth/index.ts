export { requestOrigin, isLocalPath, sameSitePath } from './request-origin'
export { flowCookie, clearedFlowCookie, readFlowCookie } from './flow-cookie'
export { startGoogleSignIn, finishGoogleSignIn, isGoogleConfigured, GOOGLE_FLOW_COOKIE, type GoogleFlow } from './google'
export { exchangeWechatCode, wechatSettings, WECHAT_STATE_COOKIE, type WechatFlow } from './wechat'
