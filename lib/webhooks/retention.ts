import 'server-only'
import { db } from '@/lib/db'

/** How long a settled delivery (delivered, or failed after its last try) stays in its endpoint's list. */
export const DELIVERY_RETENTION_MS = 30 * 24 * 60 * 60 * 1000

/**
 * Deletes settled deliveries older than the retention period; answers how many. A pending one is
 * kept whatever its age: its tries are still queued (the last one comes about a day after the first).
 */
export async function deleteOldDeliveries(now = new Date()): Promise<number> {
  const { count } = await db.webhookDelivery.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - DELIVERY_RETENTION_MS) }, status: { in: ['delivered', 'failed'] } } })
  return count
}
