import { z } from 'zod'

// Jobs are data: each has a queue name, a version and a zod schema of its payload. Senders build
// the payload through the schema and workers parse what they receive with it, so a malformed or
// outdated job fails loudly instead of running on a guess.

export type JobDefinition<P extends z.ZodType> = { queue: string; version: number; payload: P }

const defineJob = <P extends z.ZodType>(definition: JobDefinition<P>) => definition

/**
 * Run (or resume) one task: transcribe, translate, complete (lib/tasks' runTask). After its last
 * allowed worker failure it lands in `deadQueue`.
 */
export const taskRunJob = {
  // traceparent: the W3C trace context of the request that queued it, when traced (lib/tracing).
  ...defineJob({ queue: 'task-run', version: 1, payload: z.object({ taskId: z.string().min(1).max(64), traceparent: z.string().max(128).optional() }) }),
  deadQueue: 'task-run-dead',
}

/**
 * Run (or resume) a transcription task: its own queue and workers, so recordings never hold the
 * workers subtitle files wait for; one running at a time per user (the job's group is its user).
 * `parkedBytes`: the run stopped to wait for its upload when the parts held that many bytes; the
 * next run starts only once they grew, finished or stalled.
 */
export const transcriptionRunJob = {
  ...defineJob({ queue: 'transcription-run', version: 1, payload: taskRunJob.payload.extend({ parkedBytes: z.number().int().min(0).optional() }) }),
  deadQueue: 'transcription-run-dead',
}

/** Ask the providers about unpaid orders of the last 24 hours (one run per interval across processes). */
export const reconcilePaymentsJob = defineJob({ queue: 'payments-reconcile', version: 1, payload: z.object({}) })

/** Housekeeping: stuck tasks, expired sessions, codes and rate-limit rows. */
export const maintenanceJob = defineJob({ queue: 'maintenance', version: 1, payload: z.object({}) })

/** One try of a webhook delivery (lib/webhooks); a failed try queues the next one itself, later. */
export const webhookDeliverJob = defineJob({ queue: 'webhook-deliver', version: 1, payload: z.object({ deliveryId: z.string().min(1).max(64) }) })

export type WebhookDeliverJob = z.infer<typeof webhookDeliverJob.payload>
export type TaskRunJob = z.infer<typeof taskRunJob.payload>
export type TranscriptionRunJob = z.infer<typeof transcriptionRunJob.payload>

/** Make (or resume) one dub of a task (lib/dub runDub); after its last allowed failure it lands in `deadQueue`. */
export const dubRunJob = {
  ...defineJob({ queue: 'dub-run', version: 1, payload: z.object({ dubId: z.string().min(1).max(64) }) }),
  deadQueue: 'dub-run-dead',
}
export type DubRunJob = z.infer<typeof dubRunJob.payload>
