// Runs in each database test file before its tests: clones the migrated template into a database
// of the file's own and points DATABASE_URL (read lazily by lib/db) at it.
import { afterAll, inject } from 'vitest'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { withDatabase } from '@/lib/devtools/embedded-db'

const adminUrl = inject('dbAdminUrl')
const name = `ss_t_${inject('dbRunId')}_${randomBytes(4).toString('hex')}`

async function cloneTemplate() {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    // Two files cloning at the same instant can collide on the template's lock: retry briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('dbTemplate')}"`)
        return
      } catch (error) {
        if (attempt >= 20 || (error as { code?: string }).code !== '55006') throw error
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200))
      }
    }
  } finally {
    await client.end()
  }
}

await cloneTemplate()
process.env.DATABASE_URL = withDatabase(adminUrl, name)
process.env.SESSION_SECRET ||= 'test-session-secret-0123456789abcdef0123'
process.env.LOG_LEVEL ||= 'silent'

afterAll(async () => {
  const holder = globalThis as unknown as { __db?: { $disconnect(): Promise<void> } }
  await holder.__db?.$disconnect()
})
