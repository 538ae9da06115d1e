// Child process that owns an embedded PostgreSQL for `npm run dev` and `npm run start:e2e`
// (lib/devtools/embedded-db-process.ts forks it). It runs in a process group of its own, so the
// terminal's Ctrl-C reaches the app but not the database: the parent stops the app first and then
// asks for the database to stop, and nothing is cut off mid-query. If the parent dies without
// asking, the lost IPC channel stops the database all the same.
import { startEmbeddedDb, type RunningDb } from '@/lib/devtools/embedded-db'

export type KeeperMessage = { ready: true; adminUrl: string; baseUrl: string } | { ready: false; error: string }

const dir = process.env.EMBEDDED_DB_DIR
const port = Number(process.env.EMBEDDED_DB_PORT) || undefined
let db: RunningDb | undefined
let stopping = false

async function stop() {
  if (stopping) return
  stopping = true
  await db?.stop().catch(() => {})
  process.exit(0)
}

// Signals meant for the terminal's foreground group never reach this group; one sent to this
// process directly is a request to stop.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop())
process.on('message', (message) => message === 'stop' && void stop())
process.on('disconnect', () => void stop())

startEmbeddedDb({ dir: dir!, port })
  .then((running) => {
    db = running
    const baseUrl = running.urlFor('')
    process.send?.({ ready: true, adminUrl: running.adminUrl, baseUrl } satisfies KeeperMessage)
  })
  .catch((error: unknown) => {
    process.send?.({ ready: false, error: error instanceof Error ? error.message : String(error) } satisfies KeeperMessage)
    process.exit(1)
  })
