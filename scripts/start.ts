// One entry for running the app: `dev` (next dev, sandbox services), `start` (production: real
// settings required, never a sandbox) and `e2e` (production build with sandbox services, a fresh
// database; used by the browser tests). Without DATABASE_URL an embedded PostgreSQL under .data/
// is started; migrations are applied and the catalogue and accounts seeded before Next starts.
import 'dotenv/config'
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { ensureDatabase, withDatabase, type RunningDb } from '@/lib/devtools/embedded-db'
import { ensureSystemPackage } from '@/lib/devtools/system-package'
import { startEmbeddedDbProcess } from '@/lib/devtools/embedded-db-process'
import { migrateDeploy } from '@/lib/devtools/migrate'
import { missingProductionSettings, parseEnv } from '@/lib/env'
import { assertMediaToolsCurrent } from '@/lib/media/versions'
import { seed } from '@/prisma/seed'

type Mode = 'dev' | 'start' | 'e2e'
const mode = process.argv[2] as Mode
if (!['dev', 'start', 'e2e'].includes(mode)) {
  console.error('usage: tsx scripts/start.ts dev|start|e2e')
  process.exit(2)
}
const DATA_DIR = path.resolve('.data')
const cleanups: (() => Promise<void>)[] = []

function sessionSecret(): string {
  const file = path.join(DATA_DIR, 'session-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(DATA_DIR, { recursive: true })
  const secret = randomBytes(32).toString('base64url')
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}

async function database(): Promise<string> {
  // Per port, so two browser-test servers (E2E_PORT) can share one PostgreSQL.
  const dbName = mode === 'e2e' ? `subtitle_studio_e2e_${process.env.PORT ?? 3100}` : 'subtitle_studio'
  let url = process.env.DATABASE_URL
  // The embedded database is a development convenience; production names its PostgreSQL.
  if (!url && mode === 'start') throw new Error('Invalid environment:\n  - DATABASE_URL: required by npm start (production)')
  if (!url) {
    // In a process group of its own: Ctrl-C stops Next (and its job workers) first, then the database.
    const embedded: RunningDb = await startEmbeddedDbProcess({ dir: path.join(DATA_DIR, mode === 'e2e' ? 'pg-e2e' : 'pg') })
    cleanups.push(() => embedded.stop())
    url = embedded.urlFor(dbName)
    if (mode === 'e2e') await resetDatabase(embedded.adminUrl, dbName)
    await ensureDatabase(embedded.adminUrl, dbName)
    console.log(`▸ embedded PostgreSQL ready (${url.replace(/:[^:@/]+@/, ':***@')})`)
  } else if (mode === 'e2e') {
    // Browser tests get a database of their own beside the one DATABASE_URL names.
    const admin = withDatabase(url, 'postgres')
    await resetDatabase(admin, dbName)
    await ensureDatabase(admin, dbName)
    url = withDatabase(url, dbName)
  }
  return url
}

async function resetDatabase(adminUrl: string, name: string) {
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
  await client.end()
}

async function main() {
  const started = Date.now()
  if (mode !== 'start') process.env.SESSION_SECRET ||= sessionSecret()
  process.env.DATABASE_URL = await database()
  if (mode !== 'start') {
    // The sandbox voice of dubbing speaks with espeak-ng, from Debian's packages.
    const espeak = ensureSystemPackage('espeak-ng')
    if (espeak.message) console.log(`▸ ${espeak.message}`)
    // Loaded only here: production never imports the fakes (nor their devDependencies).
    const { startSandbox } = await import('@/fakes/sandbox')
    const sandbox = await startSandbox()
    cleanups.push(() => sandbox.stop())
    Object.assign(process.env, sandbox.env)
    for (const server of sandbox.servers) console.log(`▸ sandbox ${server.name}: ${server.url}`)
  }
  if (mode === 'e2e' && !process.env.SMTP_URL) {
    // Browser tests read the codes they are mailed from this server's HTTP inbox.
    const { startSmtpFake } = await import('@/fakes/smtp')
    const smtp = await startSmtpFake({ smtpPort: Number(process.env.FAKE_SMTP_PORT ?? 0), httpPort: Number(process.env.FAKE_SMTP_HTTP_PORT ?? 0) })
    cleanups.push(() => smtp.close())
    process.env.SMTP_URL = smtp.smtpUrl
    console.log(`▸ test SMTP ${smtp.smtpUrl}, inbox ${smtp.http.url}/messages`)
  }
  const env = parseEnv(process.env)
  if (mode === 'start') {
    const missing = missingProductionSettings(env)
    if (missing.length > 0) throw new Error(`Refusing to start in production without: ${missing.join(', ')}`)
    // Users' recordings are decoded by ffmpeg: only a current one from the system's packages.
    await assertMediaToolsCurrent()
  }
  migrateDeploy(env.DATABASE_URL, { quiet: true })
  const credentials = await seed({ withDemo: mode !== 'start' })
  for (const line of credentials) console.log(`▸ ${line}`)

  if (mode === 'e2e') {
    // Browser tests start a second web process on the same database with exactly these settings.
    writeFileSync(path.join(DATA_DIR, 'e2e-env.json'), JSON.stringify(process.env), { mode: 0o600 })
  }
  const port = String(env.PORT)
  const args = mode === 'dev' ? ['dev', '-p', port] : ['start', '-p', port]
  const next = spawn(process.execPath, [path.resolve('node_modules/next/dist/bin/next'), ...args], {
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  })
  console.log(`▸ prepared in ${Date.now() - started} ms; Next.js starting on http://localhost:${port}`)
  const stop = async (code: number) => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {})
    process.exit(code)
  }
  process.on('SIGINT', () => next.kill('SIGINT'))
  process.on('SIGTERM', () => next.kill('SIGTERM'))
  next.on('exit', (code) => void stop(code ?? 0))
}

main().catch(async (error) => {
  console.error(error instanceof Error && error.message ? error.message : error)
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {})
  process.exit(1)
})
