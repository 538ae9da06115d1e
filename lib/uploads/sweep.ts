import 'server-only'
import { readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { db } from '@/lib/db'
import { log } from '@/lib/log'
import { uploadDir } from './parts'

/** A file younger than this may belong to a part whose row is being written: left for the next pass. */
export const SWEEP_GRACE_MS = 10 * 60_000

/**
 * Removes files under the upload folder that no part's row names (a part's bytes and its `.json`
 * beside it), once older than SWEEP_GRACE_MS: whatever removed the row (a user deleted with their
 * parts, a crash between the two) leaves no disk behind. Answers how many files went.
 */
export async function sweepPartFiles({ now = new Date() }: { now?: Date } = {}): Promise<number> {
  const dir = uploadDir()
  const names = await readdir(dir).catch(() => [] as string[])
  const idOf = (name: string) => name.replace(/\.json$/, '')
  const ids = [...new Set(names.map(idOf))]
  const known = new Set<string>()
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db.audioPart.findMany({ where: { id: { in: ids.slice(i, i + 1000) } }, select: { id: true } })
    for (const row of rows) known.add(row.id)
  }
  let removed = 0
  for (const name of names) {
    if (known.has(idOf(name))) continue
    const file = path.join(dir, name)
    const info = await stat(file).catch(() => null)
    if (!info?.isFile() || now.getTime() - info.mtimeMs < SWEEP_GRACE_MS) continue
    await rm(file, { force: true }).then(() => removed++, (error) => log.warn('uploads.sweep_failed', { error }))
  }
  return removed
}
