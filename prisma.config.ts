/* eslint-disable @typescript-eslint/no-explicit-any -- patches untyped internals of pg and adapter-pg (see comments) */

import { defineConfig } from 'prisma/config'
import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'

// Workaround for prisma/orm#27403: the WASM schema engine's introspection queries return
// internal pg types ("char" 18, name 19, ...) that @prisma/adapter-pg 6.x rejects.
// Report them as text (25) so they are parsed as strings. Only affects the CLI process.
const REMAP = new Set([18, 19, 22, 24, 30, 194, 2205, 1033, 142])
const R = (pg as any).Result.prototype
const orig = R.addFields
R.addFields = function (descs: any[]) {
  for (const d of descs) if (REMAP.has(d.dataTypeID)) d.dataTypeID = 25
  return orig.call(this, descs)
}

// Pass discrete fields, not connectionString: adapter-pg 6.x builds the shadow DB pool as
// { ...config, database: shadowName } and a connectionString would override `database`.
function pgConfig(url: string): pg.PoolConfig {
  const u = new URL(url)
  return {
    host: u.hostname, port: Number(u.port || 5432), user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password), database: u.pathname.slice(1), allowExitOnIdle: true, idleTimeoutMillis: 500,
  }
}

// adapter-pg 6.19.3's connectToShadowDb drops the shadow DB while its pool is still open
// ("database ... is being accessed by other users"); this version closes first, then drops.
class PrismaPgMigrate extends PrismaPg {
  constructor(private base: pg.PoolConfig) { super(base) }
  async connectToShadowDb() {
    const name = `prisma_shadow_${Date.now()}`
    const admin = async (sql: string) => { const c = new pg.Client(this.base); await c.connect(); try { await c.query(sql) } finally { await c.end() } }
    await admin(`CREATE DATABASE "${name}"`)
    const adapter: any = await new PrismaPg({ ...this.base, database: name }).connect()
    const dispose = adapter.dispose.bind(adapter)
    adapter.dispose = async () => { await dispose(); await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) }
    return adapter
  }
}

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  adapter: async () => new PrismaPgMigrate(pgConfig(process.env.DATABASE_URL!)),
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
})
