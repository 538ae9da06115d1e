// Background translation on pg-boss: the queue, the workers and the
// pipeline they run. Workers run inside the web process unless WORKER_MODE=external.
export { createBoss, getBoss, stopBoss, enqueueTranslation, TRANSLATE_QUEUE, TRANSLATE_DEAD_QUEUE, type BossSettings, type TranslateJob } from './boss'
export { runTranslationTask, failTask, type PipelineOptions, type PipelineOutcome } from './pipeline'
export { startTranslationWorkers, type WorkerOptions, type Workers } from './worker'
export { startPaymentReconciliation, RECONCILE_QUEUE, type Reconciler } from './reconcile'
export { runMaintenance, startMaintenance, MAINTENANCE_QUEUE, STUCK_AFTER_MS, MAX_RUNS, type MaintenanceReport } from './maintenance'
