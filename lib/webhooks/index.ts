// Signed webhooks: a creator's endpoints hear of their tasks' ends, delivered from the job queue
// the Standard Webhooks way (signed, retried with growing gaps, never to a private address).
export { createWebhookEndpoint, listWebhookEndpoints, deleteWebhookEndpoint, listDeliveries, MAX_ENDPOINTS_PER_USER } from './endpoints'
export { announceTaskEnd, announceDubEnd, sendTestEvent, attemptDelivery, retryGapMs, MAX_ATTEMPTS, type EnqueueDelivery, type AttemptResult } from './deliveries'
export { WEBHOOK_EVENTS, TEST_EVENT, type WebhookEvent } from './universal/events'
export { deleteOldDeliveries, DELIVERY_RETENTION_MS } from './retention'
export { signWebhook } from './signature'
export * from './contract'
