import 'server-only'
import type { PgBoss } from 'pg-boss'
import { deleteExpiredCodes } from '@/lib/accounts/codes'
import { deleteExpiredSessions } from '@/lib/auth/sessions'
import { db } from '@/lib/db'
import { log } from '@/lib/log'
import { deleteEndedWindows } from '@/lib/rate-limit'
import { deleteStaleAudio, deleteStaleUploads, failedWhileTranscribing, failTask, findStuckTasks } from '@/lib/tasks'
import { deleteStaleParts, deleteTaskParts, PART_TTL_MS, sweepPartFiles } from '@/lib/uploads'
import { deleteOldDeliveries } from '@/lib/webhooks'
import { enqueueTaskRun, getBoss, TASK_DEAD_QUEUE, TASK_QUEUE, TRANSCRIPTION_DEAD_QUEUE, TRANSCRIPTION_QUEUE } from './boss'
import { maintenanceJob } from './definitions'

/** The queue of housekeeping runs: stuck tasks, expired sessions, codes and rate-limit rows. */
export const MAINTENANCE_QUEUE = maintenanceJob.queue
/** A task younger than this is never called stuck (its job may not have been picked up yet). */
export const STUCK_AFTER_MS = 10 * 60_000
/** A stuck task is resumed up to this many worker runs, then failed with its points released. */
export const MAX_RUNS = 8
const LIVE_STATES = new Set(['created', 'retry', 'active'])
const STUCK_MESSAGE = 'translation stopped: its job was lost'

export type MaintenanceReport = { resumed: number; failed: number; sessions: number; codes: number; rateLimits: number; uploads: number; webhookDeliveries: number }

async function hasLiveJob(boss: PgBoss, taskId: string): Promise<boolean> {
  for (const queue of [TASK_QUEUE, TASK_DEAD_QUEUE, TRANSCRIPTION_QUEUE, TRANSCRIPTION_DEAD_QUEUE]) {
    const jobs = await boss.findJobs<{ taskId: string }>(queue, { data: { taskId } })
    if (jobs.some((job) => LIVE_STATES.has(job.state))) return true
  }
  return false
}

/**
 * One housekeeping pass. Rules: a task still `translating` after 10 minutes with no live job
 * (purged, or lost by a dead-letter handler that failed) is queued again to resume, or failed with
 * its points released once it has used its runs; expired sessions, verification codes (a day
 * after expiry), rate-limit windows, uploads kept over a day for their create call, recording parts
 * no task took within a day or whose task failed while transcribing a day ago (with their files),
 * files in the upload folder that no part's row names, and settled webhook deliveries past their
 * retention (30 days) are deleted.
 */
export async function runMaintenance({ now = new Date() }: { now?: Date } = {}): Promise<MaintenanceReport> {
  const boss = await getBoss()
  const report: MaintenanceReport = { resumed: 0, failed: 0, sessions: 0, codes: 0, rateLimits: 0, uploads: 0, webhookDeliveries: 0 }
  const candidates = await findStuckTasks({ before: new Date(now.getTime() - STUCK_AFTER_MS) })
  for (const task of candidates) {
    if (await hasLiveJob(boss, task.id)) continue
    if (task.runs >= MAX_RUNS) {
      if (await failTask({ taskId: task.id, error: STUCK_MESSAGE })) report.failed += 1
    } else {
      await enqueueTaskRun({ taskId: task.id, tx: db })
      report.resumed += 1
    }
  }
  report.sessions = await deleteExpiredSessions(now)
  report.codes = await deleteExpiredCodes(new Date(now.getTime() - 24 * 3600_000))
  report.rateLimits = await deleteEndedWindows(now)
  report.uploads = await deleteStaleUploads(now)
  report.uploads += await deleteStaleAudio({ now })
  report.uploads += await deleteStaleParts(now)
  for (const taskId of await failedWhileTranscribing({ before: new Date(now.getTime() - PART_TTL_MS) })) {
    await deleteTaskParts(taskId)
    report.uploads += 1
  }
  report.uploads += await sweepPartFiles({ now })
  report.webhookDeliveries = await deleteOldDeliveries(now)
  if (report.resumed + report.failed > 0) log.warn('jobs.stuck_tasks', { resumed: report.resumed, failed: report.failed })
  return report
}

/** Runs maintenance every `intervalSeconds`, once per interval across all processes (singleton key). */
export async function startMaintenance({ intervalSeconds = 60 }: { intervalSeconds?: number } = {}): Promise<{ stop(): void }> {
  const boss = await getBoss()
  await boss.createQueue(MAINTENANCE_QUEUE, { retryLimit: 0, expireInSeconds: Math.max(60, intervalSeconds * 2) })
  await boss.work(MAINTENANCE_QUEUE, { pollingIntervalSeconds: Math.min(30, Math.max(1, intervalSeconds / 2)), batchSize: 1 }, async () => runMaintenance())
  const offer = () => boss.send(MAINTENANCE_QUEUE, {}, { singletonKey: 'maintenance', singletonSeconds: intervalSeconds }).catch((error) => log.error('jobs.maintenance_offer_failed', { error }))
  await offer()
  const timer = setInterval(() => void offer(), intervalSeconds * 1000)
  timer.unref()
  return { stop: () => clearInterval(timer) }
}
