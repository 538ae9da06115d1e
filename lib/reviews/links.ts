import 'server-only'
import type { ReviewComment, ReviewLink } from '@prisma/client'
import { db } from '@/lib/db'
import { AppError } from '@/lib/errors'
import { editSegment, findOwnTask, getTask } from '@/lib/tasks'
import type { ApprovalDto, CreatedReviewLink, CreateReviewLinkInput, ReviewCommentDto, ReviewLinkDto } from './contract'
import { newReviewToken } from './token'

const DAY_MS = 24 * 60 * 60 * 1000
/** Live links one task may have. */
export const MAX_LINKS_PER_TASK = 20

export function toLinkDto(link: ReviewLink): ReviewLinkDto {
  return { id: link.id, mode: link.mode as ReviewLinkDto['mode'], expiresAt: link.expiresAt.toISOString(), revokedAt: link.revokedAt?.toISOString() ?? null, createdAt: link.createdAt.toISOString() }
}

export function toCommentDto(comment: ReviewComment): ReviewCommentDto {
  return { id: comment.id, segmentId: comment.segmentIndex, body: comment.body, suggestion: comment.suggestion, status: comment.status as ReviewCommentDto['status'], createdAt: comment.createdAt.toISOString() }
}

/** Shares one of the creator's tasks; the answer is the only place the token appears. */
export async function createReviewLink({ userId, taskId, input, now = new Date() }: { userId: string; taskId: string; input: CreateReviewLinkInput; now?: Date }): Promise<CreatedReviewLink> {
  await findOwnTask({ userId, taskId })
  if ((await db.reviewLink.count({ where: { taskId, revokedAt: null, expiresAt: { gt: now } } })) >= MAX_LINKS_PER_TASK) throw new AppError('conflict', 'conflict')
  const { token, hash } = newReviewToken()
  const link = await db.reviewLink.create({ data: { taskId, tokenHash: hash, mode: input.mode, expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS) } })
  return { link: toLinkDto(link), token, path: `/review/${token}` }
}

export async function listReviewLinks({ userId, taskId }: { userId: string; taskId: string }): Promise<ReviewLinkDto[]> {
  await findOwnTask({ userId, taskId })
  return (await db.reviewLink.findMany({ where: { taskId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] })).map(toLinkDto)
}

/** Revokes a link at once: from then on it answers as if it never existed. */
export async function revokeReviewLink({ userId, taskId, linkId }: { userId: string; taskId: string; linkId: string }): Promise<ReviewLinkDto> {
  await findOwnTask({ userId, taskId })
  const link = await db.reviewLink.findFirst({ where: { id: linkId, taskId } })
  if (!link) throw new AppError('not_found', 'notFound')
  return toLinkDto(link.revokedAt ? link : await db.reviewLink.update({ where: { id: link.id }, data: { revokedAt: new Date() } }))
}

/** The reviewers' comments and suggestions on a task, oldest first. */
export async function listReviewComments({ userId, taskId }: { userId: string; taskId: string }): Promise<ReviewCommentDto[]> {
  await findOwnTask({ userId, taskId })
  return (await db.reviewComment.findMany({ where: { taskId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })).map(toCommentDto)
}

async function openComment(userId: string, taskId: string, commentId: string) {
  await findOwnTask({ userId, taskId })
  const comment = await db.reviewComment.findFirst({ where: { id: commentId, taskId } })
  if (!comment) throw new AppError('not_found', 'notFound')
  if (comment.status !== 'open') throw new AppError('conflict', 'conflict')
  return comment
}

/**
 * Accepts a suggestion: the line takes the suggested text as the creator's own edit (the machine's
 * text kept for undo, the memory learning it), and the comment is marked accepted.
 */
export async function acceptReviewComment({ userId, taskId, commentId }: { userId: string; taskId: string; commentId: string }): Promise<ReviewCommentDto> {
  const comment = await openComment(userId, taskId, commentId)
  // The editor writes the line first through its own edit path (its undo step, the memory): then
  // the text is already there and is not written twice.
  const line = comment.suggestion === null ? null : (await getTask({ userId, taskId })).segments?.find((s) => s.id === comment.segmentIndex)
  if (comment.suggestion !== null && line?.translatedText !== comment.suggestion) await editSegment({ userId, taskId, segmentId: comment.segmentIndex, translatedText: comment.suggestion })
  return toCommentDto(await db.reviewComment.update({ where: { id: comment.id }, data: { status: 'accepted', resolvedAt: new Date() } }))
}

export async function dismissReviewComment({ userId, taskId, commentId }: { userId: string; taskId: string; commentId: string }): Promise<ReviewCommentDto> {
  const comment = await openComment(userId, taskId, commentId)
  return toCommentDto(await db.reviewComment.update({ where: { id: comment.id }, data: { status: 'dismissed', resolvedAt: new Date() } }))
}

/** When the creator approved the task, or null. */
export async function taskApproval({ userId, taskId }: { userId: string; taskId: string }): Promise<ApprovalDto> {
  await findOwnTask({ userId, taskId })
  const approval = await db.taskApproval.findUnique({ where: { taskId } })
  return { approvedAt: approval?.approvedAt.toISOString() ?? null }
}

/** Marks the task approved (again: the first approval's time stays). */
export async function approveTask({ userId, taskId }: { userId: string; taskId: string }): Promise<{ approvedAt: string }> {
  await findOwnTask({ userId, taskId })
  const approval = await db.taskApproval.upsert({ where: { taskId }, create: { taskId }, update: {} })
  return { approvedAt: approval.approvedAt.toISOString() }
}
