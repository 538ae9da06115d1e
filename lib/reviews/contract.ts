import { z } from 'zod'

// What the review-link endpoints take and answer, declared once.

export const REVIEW_MODES = ['read', 'comment'] as const

export const reviewLinkSchema = z.object({
  id: z.string(),
  mode: z.enum(REVIEW_MODES),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
})
export const reviewLinkListSchema = z.array(reviewLinkSchema)
/** The answer of creation: the one time the token (the link's address) is shown. */
export const createdReviewLinkSchema = z.object({ link: reviewLinkSchema, token: z.string(), path: z.string() })

export const reviewCommentSchema = z.object({
  id: z.string(),
  segmentId: z.number().int(),
  body: z.string(),
  suggestion: z.string().nullable(),
  status: z.enum(['open', 'accepted', 'dismissed']),
  createdAt: z.string(),
})
export const reviewCommentListSchema = z.array(reviewCommentSchema)

/** What a reviewer sees: the task's lines side by side, and what they wrote. */
export const reviewViewSchema = z.object({
  fileName: z.string(),
  sourceLanguage: z.string(),
  targetLanguage: z.string(),
  mode: z.enum(REVIEW_MODES),
  expiresAt: z.string(),
  approved: z.boolean(),
  segments: z.array(z.object({ id: z.number().int(), startTime: z.string(), endTime: z.string(), originalText: z.string(), translatedText: z.string().nullable(), speakers: z.array(z.string()) })),
  /** Speakers the creator named (label → name). */
  speakerNames: z.record(z.string(), z.string()),
  comments: reviewCommentListSchema,
})

/** Whether the creator marked the task approved, and when. */
export const approvalSchema = z.object({ approvedAt: z.string().nullable() })

export const createReviewLinkBody = z.object({
  mode: z.enum(REVIEW_MODES, { error: 'invalidField' }),
  expiresInDays: z.number({ error: 'invalidField' }).int('invalidField').min(1, 'invalidField').max(90, 'invalidField'),
})

const text = (max: number) => z.string().transform((v) => v.trim()).pipe(z.string().max(max, 'reviewCommentTooLong'))

export const addReviewCommentBody = z.object({
  segmentId: z.coerce.number({ error: 'invalidField' }).int('invalidField').min(0, 'invalidField'),
  body: text(2000).pipe(z.string().min(1, 'reviewCommentRequired')),
  suggestion: text(2000).nullish().transform((v) => v || null),
})

export type ReviewLinkDto = z.infer<typeof reviewLinkSchema>
export type CreatedReviewLink = z.infer<typeof createdReviewLinkSchema>
export type ReviewCommentDto = z.infer<typeof reviewCommentSchema>
export type ReviewView = z.infer<typeof reviewViewSchema>
export type ApprovalDto = z.infer<typeof approvalSchema>
export type CreateReviewLinkInput = z.infer<typeof createReviewLinkBody>
export type AddReviewCommentInput = z.infer<typeof addReviewCommentBody>
