import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { TestSpecification, Vitest } from 'vitest/node'
import LongestFirstSequencer from './sequencer'

// A checkout of its own, whose recorded times are known here (the real file changes with each re-recording).
const root = mkdtempSync(path.join(tmpdir(), 'sequencer-'))
mkdirSync(path.join(root, 'test'))
writeFileSync(path.join(root, 'test/file-durations.json'), JSON.stringify({ 'db:lib/long.db.test.ts': 500_000, 'unit:lib/middling.test.ts': 30_000, 'unit:lib/short.test.ts': 1_000 }))
afterAll(() => rmSync(root, { recursive: true, force: true }))

const spec = (project: string, file: string) => ({ project: { name: project }, moduleId: path.join(root, file) }) as unknown as TestSpecification
const sequencer = (cached: Record<string, number>) =>
  new LongestFirstSequencer({ config: { root }, cache: { getFileTestResults: (key: string) => (key in cached ? { duration: cached[key] } : undefined) } } as unknown as Vitest)
const names = (specs: TestSpecification[]) => specs.map((s) => `${s.project.name}:${path.relative(root, s.moduleId)}`)

describe('the longest test files first', () => {
  const files = [spec('unit', 'lib/short.test.ts'), spec('unit', 'lib/zz-never-measured.test.ts'), spec('db', 'lib/long.db.test.ts'), spec('unit', 'lib/middling.test.ts')]

  it('orders by the recorded times without a cache (CI); a file never measured counts as the median one', async () => {
    // The never-measured file ties with the median (30 s) and follows it by name.
    expect(names(await sequencer({}).sort(files))).toEqual(['db:lib/long.db.test.ts', 'unit:lib/middling.test.ts', 'unit:lib/zz-never-measured.test.ts', 'unit:lib/short.test.ts'])
  })

  it("prefers this machine's last measured times", async () => {
    const sorted = names(await sequencer({ 'unit:lib/short.test.ts': 10_000_000 }).sort(files))
    expect(sorted[0]).toBe('unit:lib/short.test.ts')
  })
})
