// An embedded PostgreSQL in a child process of its own group (lib/devtools/embedded-db-keeper.ts),
// for the long-running `npm run dev` and `npm run start:e2e`: Ctrl-C stops the app before the
// database, so the app's job workers never see their connections terminated under them.
import { fork } from 'node:child_process'
import path from 'node:path'
import type { RunningDb } from '@/lib/devtools/embedded-db'
import type { KeeperMessage } from '@/lib/devtools/embedded-db-keeper'

const KEEPER = path.join(import.meta.dirname, 'embedded-db-keeper.ts')

/** Starts the database in its own process group and answers once it accepts connections. */
export function startEmbeddedDbProcess({ dir, port }: { dir: string; port?: number }): Promise<RunningDb> {
  // The parent runs under tsx, whose loader flags (process.execArgv) the child inherits.
  const child = fork(KEEPER, [], {
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, EMBEDDED_DB_DIR: dir, EMBEDDED_DB_PORT: port ? String(port) : '' },
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return new Promise<RunningDb>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`embedded PostgreSQL exited (${code}) before it was ready`)))
    child.once('message', (message: KeeperMessage) => {
      if (!message.ready) return reject(new Error(message.error))
      resolve({
        adminUrl: message.adminUrl,
        urlFor: (database) => `${message.baseUrl}${database}`,
        stop: async () => {
          if (child.exitCode === null && child.connected) child.send('stop')
          await exited
        },
      })
    })
  })
}
