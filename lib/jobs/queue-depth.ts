import 'server-only'
import { db } from '@/lib/db'
import type { QueueDepth } from '@/lib/metrics'

type Row = { queue: string; ready: number; deferred: number; active: number; oldest_ready: number | null; oldest_active: number | null }

/**
 * Every pg-boss queue's waiting and running jobs, read at scrape time from the job table (one
 * grouped query over unfinished jobs; finished ones are not scanned). Ready: may run now, aged
 * from when it could start; deferred: waiting out a retry delay; active: running, aged from its
 * start. Before pg-boss has created its schema there are no queues: an empty list.
 */
export async function readQueueDepth(): Promise<QueueDepth[]> {
  const exists = await db.$queryRaw<{ ok: boolean }[]>`SELECT to_regclass('pgboss.job') IS NOT NULL AS ok`
  if (!exists[0]?.ok) return []
  const rows = await db.$queryRaw<Row[]>`
    SELECT q.name AS queue,
      (count(j.id) FILTER (WHERE j.state IN ('created', 'retry') AND j.start_after <= now()))::int AS ready,
      (count(j.id) FILTER (WHERE j.state IN ('created', 'retry') AND j.start_after > now()))::int AS deferred,
      (count(j.id) FILTER (WHERE j.state = 'active'))::int AS active,
      EXTRACT(EPOCH FROM now() - min(j.start_after) FILTER (WHERE j.state IN ('created', 'retry') AND j.start_after <= now()))::float8 AS oldest_ready,
      EXTRACT(EPOCH FROM now() - min(j.started_on) FILTER (WHERE j.state = 'active'))::float8 AS oldest_active
    FROM pgboss.queue q
    LEFT JOIN pgboss.job j ON j.name = q.name AND j.state IN ('created', 'retry', 'active')
    GROUP BY q.name
    ORDER BY q.name`
  return rows.map((r) => ({ queue: r.queue, ready: r.ready, deferred: r.deferred, active: r.active, oldestReadySeconds: Math.max(0, r.oldest_ready ?? 0), oldestActiveSeconds: Math.max(0, r.oldest_active ?? 0) }))
}
