// Queue plumbing on pg-boss: job definitions, the queue, the workers that run the domain's jobs
// (lib/tasks, lib/payments) and the schedules. Workers run inside the web process unless
// WORKER_MODE=external. The domain never imports this module; routes hand it `enqueueTaskRun`.
export { createBoss, getBoss, stopBoss, enqueueTaskRun, enqueueDubRun, DUB_QUEUE, sendTaskRun, enqueueWebhookDelivery, WEBHOOK_QUEUE, TASK_QUEUE, TASK_DEAD_QUEUE, TRANSCRIPTION_QUEUE, TRANSCRIPTION_DEAD_QUEUE, type BossSettings } from './boss'
export { taskRunJob, transcriptionRunJob, reconcilePaymentsJob, maintenanceJob, type JobDefinition, type TaskRunJob, type TranscriptionRunJob } from './definitions'
export { startTaskWorkers, PARKED_LOOK_SECONDS, type WorkerOptions, type Workers } from './worker'
export { startPaymentReconciliation, RECONCILE_QUEUE, type Reconciler } from './reconcile'
export { runMaintenance, startMaintenance, MAINTENANCE_QUEUE, STUCK_AFTER_MS, MAX_RUNS, type MaintenanceReport } from './maintenance'
export { readQueueDepth } from './queue-depth'
