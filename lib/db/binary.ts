import 'server-only'
import pg from 'pg'

// Prisma's pg adapter hands a bytea value over as an array of numbers (one JS number per byte),
// and its query compiler copies a written one through JSON into its plan: a 5 MB upload cost about
// a second of main-thread time each way, stalling every other request. The few queries that move
// large binary values use this plain pool instead, where bytes travel as one Buffer.

const globalForPool = globalThis as unknown as { __binaryPool?: pg.Pool }

/** A small pg pool on DATABASE_URL for queries that read or write large binary columns. */
export function binaryPool(): pg.Pool {
  const url = process.env.DATABASE_URL
  if (!url) throw new Error('DATABASE_URL is not set')
  // Idle connections never keep a script alive; the web server is kept alive by its listener anyway.
  globalForPool.__binaryPool ??= new pg.Pool({ connectionString: url, max: 4, allowExitOnIdle: true })
  return globalForPool.__binaryPool
}
