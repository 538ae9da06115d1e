import { spawnSync } from 'node:child_process'
import path from 'node:path'

/** Applies pending migrations to a database (Prisma CLI through our offline wrapper). */
export function migrateDeploy(databaseUrl: string, { quiet = false } = {}): void {
  const result = spawnSync(process.execPath, [path.resolve('scripts/prisma.mjs'), 'migrate', 'deploy'], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: quiet ? 'pipe' : 'inherit',
    encoding: 'utf8',
  })
  if (result.status !== 0) {
    throw new Error(`prisma migrate deploy failed (exit ${result.status})\n${result.stdout ?? ''}${result.stderr ?? ''}`)
  }
}
