// Review links: a creator shares one task with someone who has no account, read-only or to comment
// and suggest; the creator accepts or dismisses what they wrote and approves the task.
export { createReviewLink, listReviewLinks, revokeReviewLink, listReviewComments, acceptReviewComment, dismissReviewComment, approveTask, taskApproval } from './links'
export { openReview, addReviewComment } from './reviewer'
export * from './contract'
