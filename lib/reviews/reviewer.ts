import 'server-only'
import { db } from '@/lib/db'
import { AppError } from '@/lib/errors'
import { consumeRateLimit } from '@/lib/rate-limit'
import { getTask } from '@/lib/tasks'
import type { AddReviewCommentInput, ReviewCommentDto, ReviewView } from './contract'
import { toCommentDto } from './links'
import { hashReviewToken, isTokenShape } from './token'

/** Calls one link may take a minute, and calls one address may make with any token (guessing stays slow). */
export const CALLS_PER_LINK = 120
export const CALLS_PER_ADDRESS = 300

/**
 * The live link of a token and its task's owner. Rules: rate limited per address before any
 * lookup and per link after; an unknown, malformed, revoked or expired token answers the same
 * 404, so an answer never tells one from another.
 */
async function liveLink(token: string, clientIp: string, now = new Date()) {
  const perAddress = await consumeRateLimit({ key: `review-ip:${clientIp}`, limit: CALLS_PER_ADDRESS, windowMs: 60_000 })
  if (!perAddress.isAllowed) throw new AppError('rate_limited', 'rateLimited')
  const link = isTokenShape(token) ? await db.reviewLink.findUnique({ where: { tokenHash: hashReviewToken(token) }, include: { task: { select: { userId: true } } } }) : null
  if (!link || link.revokedAt || link.expiresAt <= now) throw new AppError('not_found', 'reviewLinkGone')
  const perLink = await consumeRateLimit({ key: `review:${link.id}`, limit: CALLS_PER_LINK, windowMs: 60_000 })
  if (!perLink.isAllowed) throw new AppError('rate_limited', 'rateLimited')
  return link
}

/** What the reviewer's page shows: the lines side by side, and the comments made through this link. */
export async function openReview({ token, clientIp }: { token: string; clientIp: string }): Promise<ReviewView> {
  const link = await liveLink(token, clientIp)
  const task = await getTask({ userId: link.task.userId, taskId: link.taskId })
  const [comments, approval] = await Promise.all([
    db.reviewComment.findMany({ where: { linkId: link.id }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] }),
    db.taskApproval.findUnique({ where: { taskId: link.taskId } }),
  ])
  return {
    fileName: task.fileName,
    sourceLanguage: task.detectedLanguage,
    targetLanguage: task.targetLanguage,
    mode: link.mode as ReviewView['mode'],
    expiresAt: link.expiresAt.toISOString(),
    approved: approval !== null,
    segments: (task.segments ?? []).map((s) => ({ id: s.id, startTime: s.startTime, endTime: s.endTime, originalText: s.originalText, translatedText: s.translatedText, speakers: s.speakers ?? [] })),
    speakerNames: task.speakerNames ?? {},
    comments: comments.map(toCommentDto),
  }
}

/** A reviewer's comment on one line (with the text they suggest), when the link lets them comment. */
export async function addReviewComment({ token, clientIp, input }: { token: string; clientIp: string; input: AddReviewCommentInput }): Promise<ReviewCommentDto> {
  const link = await liveLink(token, clientIp)
  if (link.mode !== 'comment') throw new AppError('forbidden', 'reviewReadOnly')
  const segment = await getTask({ userId: link.task.userId, taskId: link.taskId }).then((task) => task.segments?.find((s) => s.id === input.segmentId))
  if (!segment) throw new AppError('not_found', 'segmentNotFound')
  const comment = await db.reviewComment.create({ data: { linkId: link.id, taskId: link.taskId, segmentIndex: input.segmentId, body: input.body, suggestion: input.suggestion } })
  return toCommentDto(comment)
}
