import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { db } from '@/lib/db'

// `npm run db:seed` as an operator runs it, in a child process, on this file's migrated database.
const ROOT = path.resolve(__dirname, '..')

function seed(extra: Record<string, string> = {}) {
  const run = spawnSync('npm', ['run', '--silent', 'db:seed'], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, SESSION_SECRET: 'seed-test-secret-'.padEnd(40, 'x'), ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'Owner-password-1', ...extra },
  })
  return { status: run.status, out: `${run.stdout}${run.stderr}` }
}

describe('npm run db:seed', () => {
  it('seeds a migrated database, then changes nothing when run again', async () => {
    const first = seed()
    expect(first.status, first.out).toBe(0)
    expect(first.out).toContain('product catalogue created')
    expect(first.out).toContain('manager owner@example.com created')
    const counts = async () => [await db.product.count(), await db.user.count({ where: { email: 'owner@example.com', isAdmin: true } })]
    const after = await counts()
    expect(after[0]).toBeGreaterThan(0)
    expect(after[1]).toBe(1)

    const second = seed()
    expect(second.status, second.out).toBe(0)
    expect(second.out).not.toContain('created')
    expect(second.out).toContain('manager owner@example.com present')
    expect(await counts()).toEqual(after)
  })

  it('names a missing setting and exits 1 instead of touching the database', () => {
    const run = seed({ SESSION_SECRET: '' })
    expect(run.status).toBe(1)
    expect(run.out).toContain('SESSION_SECRET')
  })
})
