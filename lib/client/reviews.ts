'use client'

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ApprovalDto, CreatedReviewLink, CreateReviewLinkInput, ReviewCommentDto, ReviewLinkDto, ReviewView } from '@/lib/reviews/contract'
import { api, isApiError } from './api'
import { queryKeys } from './keys'

// Review links: the creator's side (links, comments on their rows, approval) and the reviewer's
// side (the page a link opens, without an account).

export type { ApprovalDto, CreatedReviewLink, ReviewCommentDto, ReviewLinkDto, ReviewView }
export { REVIEW_MODES } from '@/lib/reviews/contract'

const taskPath = (taskId: string, rest: string) => `/api/tasks/${encodeURIComponent(taskId)}/${rest}`
const reviewPath = (token: string, rest = '') => `/api/review/${encodeURIComponent(token)}${rest}`

export function useReviewLinks(taskId: string, enabled = true) {
  return useQuery({ queryKey: queryKeys.reviews.links(taskId), queryFn: ({ signal }) => api<ReviewLinkDto[]>(taskPath(taskId, 'review_links'), { method: 'GET', signal }), enabled })
}

export function useCreateReviewLink(taskId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: CreateReviewLinkInput) => api<CreatedReviewLink>(taskPath(taskId, 'review_links'), { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.reviews.links(taskId) }),
  })
}

export function useRevokeReviewLink(taskId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (linkId: string) => api<ReviewLinkDto>(taskPath(taskId, `review_links/${encodeURIComponent(linkId)}`), { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.reviews.links(taskId) }),
  })
}

/** Reviewers' comments on the task, looked at again every half minute while the editor is open. */
export function useReviewComments(taskId: string) {
  return useQuery({ queryKey: queryKeys.reviews.comments(taskId), queryFn: ({ signal }) => api<ReviewCommentDto[]>(taskPath(taskId, 'review_comments'), { method: 'GET', signal }), refetchInterval: 30_000 })
}

/** Accepts or dismisses a comment; the list is refreshed either way (a 409 means another tab settled it). */
export function useSettleReviewComment(taskId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ commentId, action }: { commentId: string; action: 'accept' | 'dismiss' }) => api<ReviewCommentDto>(taskPath(taskId, `review_comments/${encodeURIComponent(commentId)}/${action}`)),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.reviews.comments(taskId) }),
  })
}

export function useApproval(taskId: string) {
  return useQuery({ queryKey: queryKeys.reviews.approval(taskId), queryFn: ({ signal }) => api<ApprovalDto>(taskPath(taskId, 'approve'), { method: 'GET', signal }) })
}

export function useApproveTask(taskId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => api<ApprovalDto>(taskPath(taskId, 'approve')),
    onSuccess: (approval) => client.setQueryData(queryKeys.reviews.approval(taskId), approval),
  })
}

/** The full address of a link's page (its path already localized), on the page's own host. */
export function reviewLinkUrl(localizedPath: string): string {
  return `${window.location.origin}${localizedPath}`
}

/** What a link opens; a gone link (404) is not asked again. */
export function useReviewView(token: string) {
  return useQuery({ queryKey: queryKeys.reviewView(token), queryFn: ({ signal }) => api<ReviewView>(reviewPath(token), { method: 'GET', signal }), retry: false, refetchOnWindowFocus: false })
}

export function useAddReviewComment(token: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: { segmentId: number; body: string; suggestion?: string | null }) => api<ReviewCommentDto>(reviewPath(token, '/comments'), { body: input }),
    onSuccess: (comment) => client.setQueryData<ReviewView>(queryKeys.reviewView(token), (view) => (view ? { ...view, comments: [...view.comments, comment] } : view)),
    // A link revoked or expired while the page was open: reading it again shows the page's gone state.
    onError: (error) => void (isApiError(error, 'not_found') && client.invalidateQueries({ queryKey: queryKeys.reviewView(token) })),
  })
}
