import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { packagesOf, reachableFrom, relative, ROOT } from './testing/import-graph'

const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }

describe('production start', () => {
  for (const entry of ['scripts/start.ts', 'scripts/worker.ts', 'scripts/seed.ts']) {
    it(`${entry} reaches no test double and no devDependency through static imports`, () => {
      const files = reachableFrom(entry)
      expect([...files].map(relative).filter((f) => f.startsWith('fakes/'))).toEqual([])
      expect([...packagesOf(files)].filter((p) => p in pkg.devDependencies)).toEqual([])
    })
  }
})
