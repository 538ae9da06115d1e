// Every route module under app/api by its path, so the OpenAPI document can reach them (a bundle
// only holds what is imported); openapi.test.ts checks that no route file is missing here. What each
// call is, its summary included, is declared beside its code: route() options, or `POST.contract`
// for the payment callbacks. Nothing is restated here.
import type { ApiOperation, HttpMethod, RawContract, RouteContract } from '@/lib/openapi/document'
import * as alipayCreateAlipayUrl from '@/app/api/alipay/create_alipay_url/route'
import * as alipayNotify from '@/app/api/alipay/notify/route'
import * as alipayQueryOrder from '@/app/api/alipay/query_order/route'
import * as emailAuth from '@/app/api/email/auth/route'
import * as fileStsCredentials from '@/app/api/file/sts-credentials/route'
import * as filesKey from '@/app/api/files/[...key]/route'
import * as glossaryId from '@/app/api/glossary/[id]/route'
import * as glossary from '@/app/api/glossary/route'
import * as googleAuth from '@/app/api/google/auth/route'
import * as googleCallback from '@/app/api/google/callback/route'
import * as health from '@/app/api/health/route'
import * as memoryId from '@/app/api/memory/[id]/route'
import * as memoryExportTmx from '@/app/api/memory/export.tmx/route'
import * as memoryImport from '@/app/api/memory/import/route'
import * as memoryPairs from '@/app/api/memory/pairs/route'
import * as memory from '@/app/api/memory/route'
import * as orderQueryOrderList from '@/app/api/order/query_order_list/route'
import * as productList from '@/app/api/product/list/route'
import * as productTransList from '@/app/api/product/trans_list/route'
import * as tasksIdExport from '@/app/api/tasks/[id]/export/route'
import * as tasksIdRetry from '@/app/api/tasks/[id]/retry/route'
import * as tasksIdDubs from '@/app/api/tasks/[id]/dubs/route'
import * as tasksIdDubsEstimate from '@/app/api/tasks/[id]/dubs/estimate/route'
import * as tasksIdDubsOriginal from '@/app/api/tasks/[id]/dubs/original/route'
import * as tasksIdDubsDubid from '@/app/api/tasks/[id]/dubs/[dubId]/route'
import * as tasksIdDubsDubidAudio from '@/app/api/tasks/[id]/dubs/[dubId]/audio/route'
import * as tasksIdDubsDubidReport from '@/app/api/tasks/[id]/dubs/[dubId]/report/route'
import * as tasksIdDubsDubidRespeak from '@/app/api/tasks/[id]/dubs/[dubId]/respeak/route'
import * as tasksId from '@/app/api/tasks/[id]/route'
import * as tasksIdSegmentsSegmentidRetranslate from '@/app/api/tasks/[id]/segments/[segmentId]/retranslate/route'
import * as tasksIdSegmentsSegmentidReview from '@/app/api/tasks/[id]/segments/[segmentId]/review/route'
import * as tasksIdSegmentsSegmentidSplit from '@/app/api/tasks/[id]/segments/[segmentId]/split/route'
import * as tasksIdSegmentsSegmentidMerge from '@/app/api/tasks/[id]/segments/[segmentId]/merge/route'
import * as tasksIdSegmentsSegmentidCondense from '@/app/api/tasks/[id]/segments/[segmentId]/condense/route'
import * as tasksIdSegmentsSegmentid from '@/app/api/tasks/[id]/segments/[segmentId]/route'
import * as tasksIdSegmentsRetranslate from '@/app/api/tasks/[id]/segments/retranslate/route'
import * as tasksIdSegments from '@/app/api/tasks/[id]/segments/route'
import * as tasksIdSegmentsShift from '@/app/api/tasks/[id]/segments/shift/route'
import * as tasksBatch from '@/app/api/tasks/batch/route'
import * as tasksEstimate from '@/app/api/tasks/estimate/route'
import * as tasksTranscribeEstimate from '@/app/api/tasks/transcribe/estimate/route'
import * as tasksTranscribe from '@/app/api/tasks/transcribe/route'
import * as tasksIdAudio from '@/app/api/tasks/[id]/audio/route'
import * as tasksIdWords from '@/app/api/tasks/[id]/words/route'
import * as tasksIdSpeech from '@/app/api/tasks/[id]/speech/route'
import * as tasksIdPeaks from '@/app/api/tasks/[id]/peaks/route'
import * as tasksIdShotChanges from '@/app/api/tasks/[id]/shot-changes/route'
import * as tasksIdLeftOut from '@/app/api/tasks/[id]/left-out/route'
import * as tasksIdLeftOutLineidRestore from '@/app/api/tasks/[id]/left-out/[lineId]/restore/route'
import * as tasksIdSegmentsSnap from '@/app/api/tasks/[id]/segments/snap/route'
import * as tasksIdSpeakers from '@/app/api/tasks/[id]/speakers/route'
import * as tasksExportZip from '@/app/api/tasks/export.zip/route'
import * as tasks from '@/app/api/tasks/route'
import * as tasksIdReviewLinks from '@/app/api/tasks/[id]/review_links/route'
import * as tasksIdReviewLinksLinkid from '@/app/api/tasks/[id]/review_links/[linkId]/route'
import * as tasksIdReviewComments from '@/app/api/tasks/[id]/review_comments/route'
import * as tasksIdReviewCommentsCommentidAccept from '@/app/api/tasks/[id]/review_comments/[commentId]/accept/route'
import * as tasksIdReviewCommentsCommentidDismiss from '@/app/api/tasks/[id]/review_comments/[commentId]/dismiss/route'
import * as tasksIdApprove from '@/app/api/tasks/[id]/approve/route'
import * as reviewToken from '@/app/api/review/[token]/route'
import * as reviewTokenComments from '@/app/api/review/[token]/comments/route'
import * as translationDeepseekTranslate from '@/app/api/translation/deepseek_translate/route'
import * as translationTranslate from '@/app/api/translation/translate/route'
import * as upload from '@/app/api/upload/route'
import * as uploadsId from '@/app/api/uploads/[id]/route'
import * as uploads from '@/app/api/uploads/route'
import * as userAdjustPoints from '@/app/api/user/adjust_points/route'
import * as userApiKeys from '@/app/api/user/api_keys/route'
import * as userApiKeysId from '@/app/api/user/api_keys/[id]/route'
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
import * as userVideoStyle from '@/app/api/user/video_style/route'
import * as userWebhooks from '@/app/api/user/webhooks/route'
import * as userWebhooksId from '@/app/api/user/webhooks/[id]/route'
import * as userWebhooksIdDeliveries from '@/app/api/user/webhooks/[id]/deliveries/route'
import * as userWebhooksIdTest from '@/app/api/user/webhooks/[id]/test/route'
import * as userWechatLogin from '@/app/api/user/wechat_login/route'
import * as wallexCreatePayment from '@/app/api/wallex/create_payment/route'
import * as wallexQueryPayment from '@/app/api/wallex/query_payment/route'
import * as wallexWebhook from '@/app/api/wallex/webhook/route'
import * as wechatQrConfig from '@/app/api/wechat/qr_config/route'

const modules: Record<string, object> = {
  '/api/alipay/create_alipay_url': alipayCreateAlipayUrl,
  '/api/alipay/notify': alipayNotify,
  '/api/alipay/query_order': alipayQueryOrder,
  '/api/email/auth': emailAuth,
  '/api/file/sts-credentials': fileStsCredentials,
  '/api/files/{key}': filesKey,
  '/api/glossary/{id}': glossaryId,
  '/api/glossary': glossary,
  '/api/google/auth': googleAuth,
  '/api/google/callback': googleCallback,
  '/api/health': health,
  '/api/memory/{id}': memoryId,
  '/api/memory/export.tmx': memoryExportTmx,
  '/api/memory/import': memoryImport,
  '/api/memory/pairs': memoryPairs,
  '/api/memory': memory,
  '/api/order/query_order_list': orderQueryOrderList,
  '/api/product/list': productList,
  '/api/product/trans_list': productTransList,
  '/api/tasks/{id}/export': tasksIdExport,
  '/api/tasks/{id}/retry': tasksIdRetry,
  '/api/tasks/{id}/dubs': tasksIdDubs,
  '/api/tasks/{id}/dubs/estimate': tasksIdDubsEstimate,
  '/api/tasks/{id}/dubs/original': tasksIdDubsOriginal,
  '/api/tasks/{id}/dubs/{dubId}': tasksIdDubsDubid,
  '/api/tasks/{id}/dubs/{dubId}/audio': tasksIdDubsDubidAudio,
  '/api/tasks/{id}/dubs/{dubId}/report': tasksIdDubsDubidReport,
  '/api/tasks/{id}/dubs/{dubId}/respeak': tasksIdDubsDubidRespeak,
  '/api/tasks/{id}': tasksId,
  '/api/tasks/{id}/segments/{segmentId}/retranslate': tasksIdSegmentsSegmentidRetranslate,
  '/api/tasks/{id}/segments/{segmentId}/review': tasksIdSegmentsSegmentidReview,
  '/api/tasks/{id}/segments/{segmentId}/split': tasksIdSegmentsSegmentidSplit,
  '/api/tasks/{id}/segments/{segmentId}/merge': tasksIdSegmentsSegmentidMerge,
  '/api/tasks/{id}/segments/{segmentId}/condense': tasksIdSegmentsSegmentidCondense,
  '/api/tasks/{id}/segments/{segmentId}': tasksIdSegmentsSegmentid,
  '/api/tasks/{id}/segments/retranslate': tasksIdSegmentsRetranslate,
  '/api/tasks/{id}/segments': tasksIdSegments,
  '/api/tasks/{id}/segments/shift': tasksIdSegmentsShift,
  '/api/tasks/batch': tasksBatch,
  '/api/tasks/estimate': tasksEstimate,
  '/api/tasks/transcribe': tasksTranscribe,
  '/api/tasks/transcribe/estimate': tasksTranscribeEstimate,
  '/api/tasks/{id}/audio': tasksIdAudio,
  '/api/tasks/{id}/words': tasksIdWords,
  '/api/tasks/{id}/speech': tasksIdSpeech,
  '/api/tasks/{id}/peaks': tasksIdPeaks,
  '/api/tasks/{id}/shot-changes': tasksIdShotChanges,
  '/api/tasks/{id}/left-out': tasksIdLeftOut,
  '/api/tasks/{id}/left-out/{lineId}/restore': tasksIdLeftOutLineidRestore,
  '/api/tasks/{id}/segments/snap': tasksIdSegmentsSnap,
  '/api/tasks/{id}/speakers': tasksIdSpeakers,
  '/api/tasks/export.zip': tasksExportZip,
  '/api/tasks': tasks,
  '/api/tasks/{id}/review_links': tasksIdReviewLinks,
  '/api/tasks/{id}/review_links/{linkId}': tasksIdReviewLinksLinkid,
  '/api/tasks/{id}/review_comments': tasksIdReviewComments,
  '/api/tasks/{id}/review_comments/{commentId}/accept': tasksIdReviewCommentsCommentidAccept,
  '/api/tasks/{id}/review_comments/{commentId}/dismiss': tasksIdReviewCommentsCommentidDismiss,
  '/api/tasks/{id}/approve': tasksIdApprove,
  '/api/review/{token}': reviewToken,
  '/api/review/{token}/comments': reviewTokenComments,
  '/api/translation/deepseek_translate': translationDeepseekTranslate,
  '/api/translation/translate': translationTranslate,
  '/api/upload': upload,
  '/api/uploads': uploads,
  '/api/uploads/{id}': uploadsId,
  '/api/user/adjust_points': userAdjustPoints,
  '/api/user/api_keys': userApiKeys,
  '/api/user/api_keys/{id}': userApiKeysId,
  '/api/user/all_users': userAllUsers,
  '/api/user/change_password': userChangePassword,
  '/api/user/create_user': userCreateUser,
  '/api/user/decr_point': userDecrPoint,
  '/api/user/delete_user': userDeleteUser,
  '/api/user/detail': userDetail,
  '/api/user/forgot_password': userForgotPassword,
  '/api/user/get_point': userGetPoint,
  '/api/user/logout': userLogout,
  '/api/user/logout_all': userLogoutAll,
  '/api/user/profile': userProfile,
  '/api/user/register': userRegister,
  '/api/user/reset_password': userResetPassword,
  '/api/user/send_code': userSendCode,
  '/api/user/update_profile': userUpdateProfile,
  '/api/user/update_user': userUpdateUser,
  '/api/user/video_style': userVideoStyle,
  '/api/user/webhooks': userWebhooks,
  '/api/user/webhooks/{id}': userWebhooksId,
  '/api/user/webhooks/{id}/deliveries': userWebhooksIdDeliveries,
  '/api/user/webhooks/{id}/test': userWebhooksIdTest,
  '/api/user/wechat_login': userWechatLogin,
  '/api/wallex/create_payment': wallexCreatePayment,
  '/api/wallex/query_payment': wallexQueryPayment,
  '/api/wallex/webhook': wallexWebhook,
  '/api/wechat/qr_config': wechatQrConfig,
}

const METHODS: HttpMethod[] = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE']

/** Each exported handler with the contract it carries; a handler without one fails loudly here. */
export const operations: ApiOperation[] = Object.entries(modules).flatMap(([path, module]) =>
  METHODS.filter((method) => method in module).map((method) => {
    const handler = (module as Record<string, { contract?: RouteContract | RawContract }>)[method]
    if (!handler.contract) throw new Error(`${method} ${path} declares no contract: wrap it in route() or set ${method}.contract`)
    return { path, method, contract: handler.contract }
  }),
)
