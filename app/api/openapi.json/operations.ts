// Every route handler under app/api, in one list: the OpenAPI document is built from it, and
// openapi.test.ts checks that no route file is missing here. A handler wrapped by route() brings its
// own contract; the payment callbacks speak their provider's protocol and are described by hand.
import type { ApiOperation } from '@/lib/openapi/document'
import * as alipayCreateAlipayUrl from '@/app/api/alipay/create_alipay_url/route'
import * as alipayQueryOrder from '@/app/api/alipay/query_order/route'
import * as emailAuth from '@/app/api/email/auth/route'
import * as fileStsCredentials from '@/app/api/file/sts-credentials/route'
import * as filesKey from '@/app/api/files/[...key]/route'
import * as glossaryId from '@/app/api/glossary/[id]/route'
import * as glossary from '@/app/api/glossary/route'
import * as googleAuth from '@/app/api/google/auth/route'
import * as googleCallback from '@/app/api/google/callback/route'
import * as health from '@/app/api/health/route'
import * as orderQueryOrderList from '@/app/api/order/query_order_list/route'
import * as productList from '@/app/api/product/list/route'
import * as productTransList from '@/app/api/product/trans_list/route'
import * as tasksIdExport from '@/app/api/tasks/[id]/export/route'
import * as tasksIdRetry from '@/app/api/tasks/[id]/retry/route'
import * as tasksId from '@/app/api/tasks/[id]/route'
import * as tasksIdSegmentsSegmentidRetranslate from '@/app/api/tasks/[id]/segments/[segmentId]/retranslate/route'
import * as tasksIdSegmentsSegmentid from '@/app/api/tasks/[id]/segments/[segmentId]/route'
import * as tasksIdSegmentsRetranslate from '@/app/api/tasks/[id]/segments/retranslate/route'
import * as tasksIdSegments from '@/app/api/tasks/[id]/segments/route'
import * as tasksIdSegmentsShift from '@/app/api/tasks/[id]/segments/shift/route'
import * as tasksBatch from '@/app/api/tasks/batch/route'
import * as tasksEstimate from '@/app/api/tasks/estimate/route'
import * as tasksTranscribe from '@/app/api/tasks/transcribe/route'
import * as tasksIdAudio from '@/app/api/tasks/[id]/audio/route'
import * as tasksExportZip from '@/app/api/tasks/export.zip/route'
import * as tasks from '@/app/api/tasks/route'
import * as translationDeepseekTranslate from '@/app/api/translation/deepseek_translate/route'
import * as translationTranslate from '@/app/api/translation/translate/route'
import * as upload from '@/app/api/upload/route'
import * as userAdjustPoints from '@/app/api/user/adjust_points/route'
import * as userAllUsers from '@/app/api/user/all_users/route'
import * as userChangePassword from '@/app/api/user/change_password/route'
import * as userCreateUser from '@/app/api/user/create_user/route'
import * as userDecrPoint from '@/app/api/user/decr_point/route'
import * as userDeleteUser from '@/app/api/user/delete_user/route'
import * as userDetail from '@/app/api/user/detail/route'
import * as userForgotPassword from '@/app/api/user/forgot_password/route'
import * as userGetPoint from '@/app/api/user/get_point/route'
import * as userLogout from '@/app/api/user/logout/route'
import * as userLogoutAll from '@/app/api/user/logout_all/route'
import * as userProfile from '@/app/api/user/profile/route'
import * as userRegister from '@/app/api/user/register/route'
import * as userResetPassword from '@/app/api/user/reset_password/route'
import * as userSendCode from '@/app/api/user/send_code/route'
import * as userUpdateProfile from '@/app/api/user/update_profile/route'
import * as userUpdateUser from '@/app/api/user/update_user/route'
import * as userWechatLogin from '@/app/api/user/wechat_login/route'
import * as wallexCreatePayment from '@/app/api/wallex/create_payment/route'
import * as wallexQueryPayment from '@/app/api/wallex/query_payment/route'
import * as wechatQrConfig from '@/app/api/wechat/qr_config/route'

export const operations: ApiOperation[] = [
  { path: '/api/alipay/create_alipay_url', method: 'POST', contract: alipayCreateAlipayUrl.POST.contract, summary: 'An unpaid order for the pack, and Alipay\'s signed page-pay URL' },
  {
    path: '/api/alipay/notify',
    method: 'POST',
    summary: 'Alipay\'s asynchronous payment notification, verified by its RSA2 signature; answers the literal `success`',
    rawRequest: { contentType: 'application/x-www-form-urlencoded', description: 'Alipay\'s signed notification parameters' },
    raw: [
      { status: 200, description: 'Verified and applied (or already applied)', contentType: 'text/plain' },
      { status: 400, description: 'A bad signature or a malformed notification: answers `fail`', contentType: 'text/plain' },
    ],
  },
  { path: '/api/alipay/query_order', method: 'POST', contract: alipayQueryOrder.POST.contract, summary: 'The Alipay order\'s status (status, desc, tradeNo, outTradeNo, totalAmount); a paid result is applied once' },
  { path: '/api/email/auth', method: 'POST', contract: emailAuth.POST.contract, summary: 'Sign in with email and password (a new session every time)' },
  { path: '/api/file/sts-credentials', method: 'POST', contract: fileStsCredentials.POST.contract, summary: 'Short-lived OSS credentials (STS AssumeRole) when OSS is configured' },
  {
    path: '/api/files/{key}',
    method: 'GET',
    contract: filesKey.GET.contract, summary: 'A stored avatar image (only the avatars/ prefix is served)',
    raw: [{ status: 200, description: 'The image', contentType: 'image/webp' }],
  },
  { path: '/api/glossary/{id}', method: 'PATCH', contract: glossaryId.PATCH.contract, summary: 'Changes one of the caller\'s entries' },
  { path: '/api/glossary/{id}', method: 'DELETE', contract: glossaryId.DELETE.contract, summary: 'Deletes one of the caller\'s entries' },
  { path: '/api/glossary', method: 'GET', contract: glossary.GET.contract, summary: 'The caller\'s glossary entries (of one target language when given)' },
  { path: '/api/glossary', method: 'POST', contract: glossary.POST.contract, summary: 'Adds an entry: term, translation, targetLanguage, optional sourceLanguage and note' },
  {
    path: '/api/google/auth',
    method: 'GET',
    contract: googleAuth.GET.contract, summary: 'Start Google sign-in (OIDC with PKCE, state, nonce)',
    raw: [{ status: 303, description: 'To Google\'s consent screen, or back to the landing page with an error' }],
  },
  {
    path: '/api/google/callback',
    method: 'GET',
    contract: googleCallback.GET.contract, summary: 'Finish Google sign-in, set the session cookie, land on /auth/callback',
    raw: [{ status: 303, description: 'Signed in: to the landing page given at the start (an error in its query otherwise)' }],
  },
  { path: '/api/health', method: 'GET', contract: health.GET.contract, summary: '200 when the database answers' },
  { path: '/api/order/query_order_list', method: 'POST', contract: orderQueryOrderList.POST.contract, summary: 'The caller\'s orders, newest first, in the order page object' },
  { path: '/api/product/list', method: 'POST', contract: productList.POST.contract, summary: 'The China edition\'s points packs (public: the pricing page shows them too)' },
  { path: '/api/product/trans_list', method: 'POST', contract: productTransList.POST.contract, summary: 'The international edition\'s points packs' },
  {
    path: '/api/tasks/{id}/export',
    method: 'GET',
    contract: tasksIdExport.GET.contract, summary: 'Downloads the file (format: the task\'s own by default)',
    raw: [{ status: 200, description: 'The subtitle file, as an attachment', contentType: 'text/plain' }],
  },
  { path: '/api/tasks/{id}/retry', method: 'POST', contract: tasksIdRetry.POST.contract, summary: 'Runs a failed task again: only its missing cues, its cost reserved once more' },
  { path: '/api/tasks/{id}', method: 'GET', contract: tasksId.GET.contract, summary: 'One of the caller\'s tasks with status, progress and (unless 0) all segments' },
  { path: '/api/tasks/{id}', method: 'DELETE', contract: tasksId.DELETE.contract, summary: 'Deletes one of the caller\'s tasks (a running one gives its points back)' },
  { path: '/api/tasks/{id}/segments/{segmentId}/retranslate', method: 'POST', contract: tasksIdSegmentsSegmentidRetranslate.POST.contract, summary: 'Translates one segment again' },
  { path: '/api/tasks/{id}/segments/{segmentId}', method: 'PATCH', contract: tasksIdSegmentsSegmentid.PATCH.contract, summary: 'Edits a segment\'s original and/or translated text' },
  { path: '/api/tasks/{id}/segments/retranslate', method: 'POST', contract: tasksIdSegmentsRetranslate.POST.contract, summary: 'Translates the selected segments again in one call' },
  { path: '/api/tasks/{id}/segments', method: 'PATCH', contract: tasksIdSegments.PATCH.contract, summary: 'Changes several segments\' texts and/or times at once (replace all, undo)' },
  { path: '/api/tasks/{id}/segments/shift', method: 'POST', contract: tasksIdSegmentsShift.POST.contract, summary: 'Moves all (or the listed) cues earlier or later, never below zero' },
  { path: '/api/tasks/batch', method: 'POST', contract: tasksBatch.POST.contract, summary: 'One task per uploaded file (`file` repeated, ≤20) and target language' },
  { path: '/api/tasks/estimate', method: 'POST', contract: tasksEstimate.POST.contract, summary: 'Segments, detected language, duration, cost, estimated time and glossary help for an upload; with `?media=audio`, a recording\'s real duration, format and cost (answers uploadId, kind, durationMs, format, codec, cost, costs, chunks, estimatedMs)' },
  { path: '/api/tasks/transcribe', method: 'POST', contract: tasksTranscribe.POST.contract, summary: 'Creates a transcription task from a recording (multipart `file` of at most 200 MB, or an audio estimate\'s `uploadId`; sourceLanguage, optional targetLanguage and service) and reserves its cost' },
  {
    path: '/api/tasks/{id}/audio',
    method: 'GET',
    contract: tasksIdAudio.GET.contract, summary: 'A transcription\'s recording for the editor\'s player (byte ranges answered 206)',
    raw: [{ status: 200, description: 'The recording', contentType: 'audio/ogg' }],
  },
  {
    path: '/api/tasks/export.zip',
    method: 'GET',
    contract: tasksExportZip.GET.contract, summary: 'Several tasks\' files in one zip (ids=a,b; format and content as for one export)',
    raw: [{ status: 200, description: 'A zip of the files, as an attachment', contentType: 'application/zip' }],
  },
  { path: '/api/tasks', method: 'POST', contract: tasks.POST.contract, summary: 'Creates a translation task from an .srt upload (multipart) and reserves its cost' },
  { path: '/api/tasks', method: 'GET', contract: tasks.GET.contract, summary: 'The caller\'s tasks, newest first, as a page' },
  { path: '/api/translation/deepseek_translate', method: 'POST', contract: translationDeepseekTranslate.POST.contract, summary: 'Texts[] + targetLanguage → one DeepSeek translation per text' },
  { path: '/api/translation/translate', method: 'POST', contract: translationTranslate.POST.contract, summary: 'Texts[] + targetLanguage → one Google translation per text' },
  { path: '/api/upload', method: 'POST', contract: upload.POST.contract, summary: 'Upload an avatar image (≤ 2 MB), stored as a 256×256 WebP; answers its URL' },
  { path: '/api/user/adjust_points', method: 'POST', contract: userAdjustPoints.POST.contract, summary: 'Managers: grant or deduct points with a reason, once per idempotency key' },
  { path: '/api/user/all_users', method: 'POST', contract: userAllUsers.POST.contract, summary: 'Managers: every user (no body) or one page of them ({ page, size })' },
  { path: '/api/user/change_password', method: 'POST', contract: userChangePassword.POST.contract, summary: 'The current password and a new one: every other session of the account ends' },
  { path: '/api/user/create_user', method: 'POST', contract: userCreateUser.POST.contract, summary: 'Managers: create an email account (email, name, pass, confirm?, pic?)' },
  { path: '/api/user/decr_point', method: 'POST', contract: userDecrPoint.POST.contract, summary: 'Spends a positive whole number of points, never more than the balance' },
  { path: '/api/user/delete_user', method: 'POST', contract: userDeleteUser.POST.contract, summary: 'Managers: delete a user and end their sessions at once (not oneself)' },
  { path: '/api/user/detail', method: 'POST', contract: userDetail.POST.contract, summary: 'Managers: one user\'s profile, balance, lots, orders and newest ledger entries ({ id, entries? })' },
  { path: '/api/user/forgot_password', method: 'POST', contract: userForgotPassword.POST.contract, summary: 'Mail a 6-digit password-reset code (the sign-up code\'s limits)' },
  { path: '/api/user/get_point', method: 'POST', contract: userGetPoint.POST.contract, summary: 'The caller\'s balance: unexpired points only' },
  { path: '/api/user/logout', method: 'POST', contract: userLogout.POST.contract, summary: 'End the current session and remove its cookie (the only way to sign out)' },
  {
    path: '/api/user/logout',
    method: 'GET',
    contract: userLogout.GET.contract, summary: 'For page guards: drops a cookie whose session is already gone, then redirects to `next`',
    raw: [{ status: 303, description: 'To `next` (a path on this site), the cookie removed' }],
  },
  { path: '/api/user/logout_all', method: 'POST', contract: userLogoutAll.POST.contract, summary: 'Sign out everywhere: ends every session of the account, this one included' },
  { path: '/api/user/profile', method: 'POST', contract: userProfile.POST.contract, summary: 'The signed-in user (renews the 7-day session)' },
  { path: '/api/user/register', method: 'POST', contract: userRegister.POST.contract, summary: 'Create an email account with its code, sign it in and return user and token' },
  { path: '/api/user/reset_password', method: 'POST', contract: userResetPassword.POST.contract, summary: 'The reset code and a new password: ends every session of the account' },
  { path: '/api/user/send_code', method: 'POST', contract: userSendCode.POST.contract, summary: 'Mail a 6-digit sign-up code (one a minute per address, limited per network)' },
  { path: '/api/user/update_profile', method: 'POST', contract: userUpdateProfile.POST.contract, summary: 'Change the display name (2-20) and optionally the picture' },
  { path: '/api/user/update_user', method: 'POST', contract: userUpdateUser.POST.contract, summary: 'Managers: change a user\'s name (2-20) and role (never one\'s own manager role)' },
  { path: '/api/user/wechat_login', method: 'POST', contract: userWechatLogin.POST.contract, summary: 'Exchange a WeChat code (state checked against its cookie) and sign in' },
  { path: '/api/wallex/create_payment', method: 'POST', contract: wallexCreatePayment.POST.contract, summary: 'An unpaid card order and its Airwallex payment intent (client secret for the card form)' },
  { path: '/api/wallex/query_payment', method: 'POST', contract: wallexQueryPayment.POST.contract, summary: 'The card payment\'s status and order id; a paid result is applied once' },
  {
    path: '/api/wallex/webhook',
    method: 'POST',
    summary: 'Airwallex events, verified by HMAC over x-timestamp and the raw body',
    rawRequest: { contentType: 'application/json', description: 'An Airwallex event, signed in the x-timestamp and x-signature headers' },
    raw: [
      { status: 200, description: 'Verified; the event is applied once (or ignored when it needs nothing)', contentType: 'application/json' },
      { status: 400, description: 'Missing or wrong signature, a stale timestamp, or a malformed event', contentType: 'application/json' },
    ],
  },
  { path: '/api/wechat/qr_config', method: 'GET', contract: wechatQrConfig.GET.contract, summary: 'Settings for the QR panel, with a fresh state bound to a cookie' },
  {
    path: '/api/openapi.json',
    method: 'GET',
    summary: 'This document',
    raw: [{ status: 200, description: 'The OpenAPI 3.1 document', contentType: 'application/json' }],
  },
]
