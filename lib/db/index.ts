import 'server-only'
import { PrismaClient } from '@prisma/client'
import { PrismaPg } from '@prisma/adapter-pg'

export type { Prisma } from '@prisma/client'
export type Db = PrismaClient
/** A client or an interactive transaction: domain functions accept either. */
export type Tx = Omit<PrismaClient, '$connect' | '$disconnect' | '$on' | '$transaction' | '$extends'>

/**
 * How long an interactive transaction may wait for a connection and run. Prisma's defaults (2 s and
 * 5 s) fail a task's step when a busy server's ten connections are all taken for a moment (several
 * chunks of long recordings sent at once); waiting longer only delays that step.
 */
const TRANSACTION_OPTIONS = { maxWait: 15_000, timeout: 30_000 }

/** Creates a client for a connection string (tests and scripts; the app uses `db`). */
export function createDb(connectionString: string): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString, max: 10 }), transactionOptions: TRANSACTION_OPTIONS })
}

const globalForDb = globalThis as unknown as { __db?: PrismaClient }

function lazyDb(): PrismaClient {
  const url = process.env.DATABASE_URL
  if (!url) throw new Error('DATABASE_URL is not set')
  // Cached on globalThis so dev hot reloads and test helpers reuse one pool.
  globalForDb.__db ??= createDb(url)
  return globalForDb.__db
}

/** The one Prisma client of this process. */
export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get: (_target, prop) => {
    const client = lazyDb()
    const value = Reflect.get(client, prop)
    return typeof value === 'function' ? value.bind(client) : value
  },
})
