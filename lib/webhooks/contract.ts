import { z } from 'zod'
import { WEBHOOK_EVENTS } from './universal/events'

// What the webhook endpoints take and answer, declared once.

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  createdAt: z.string(),
})
export const webhookEndpointListSchema = z.array(webhookEndpointSchema)
/** The answer of creation: the one time the signing secret is shown. */
export const createdWebhookSchema = z.object({ endpoint: webhookEndpointSchema, secret: z.string() })

export const webhookDeliverySchema = z.object({
  id: z.string(),
  event: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  lastCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
})
export const webhookDeliveryListSchema = z.array(webhookDeliverySchema)

export const createWebhookBody = z.object({
  url: z
    .string({ error: 'webhookUrlInvalid' })
    .trim()
    .max(2000, 'webhookUrlInvalid')
    .refine((value) => {
      try {
        const url = new URL(value)
        return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password && url.hostname !== ''
      } catch {
        return false
      }
    }, 'webhookUrlInvalid'),
  events: z.array(z.enum(WEBHOOK_EVENTS, { error: 'webhookEventsRequired' }), { error: 'webhookEventsRequired' }).min(1, 'webhookEventsRequired').transform((e) => [...new Set(e)]),
})

export type WebhookEndpointDto = z.infer<typeof webhookEndpointSchema>
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>
export type WebhookDeliveryDto = z.infer<typeof webhookDeliverySchema>
export type CreateWebhookInput = z.infer<typeof createWebhookBody>
