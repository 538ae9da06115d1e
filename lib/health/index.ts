import 'server-only'
import { db } from '@/lib/db'

// What /api/health checks: that the database answers. Here so no route handler touches lib/db.

/** Resolves when the database answers a query; throws (a 500 from the route) when it does not. */
export async function checkDatabase(): Promise<void> {
  await db.$queryRaw`SELECT 1`
}
