// The events a creator's endpoint may ask for, and the one the "send test event" button sends.
export const WEBHOOK_EVENTS = ['task.completed', 'task.failed', 'task.no_speech', 'dub.completed'] as const
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]
export const TEST_EVENT = 'webhook.test'
