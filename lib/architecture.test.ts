import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { packagesOf, reachableFrom, relative, resolveImport, ROOT } from './testing/import-graph'

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

describe('test harness', () => {
  // lib/testing/ (the route harness, the API server of the hook tests, database setup) is test code:
  // no page, route handler, component or production module may import it, not even dynamically.
  const IMPORTS = /(?:^\s*(?:import|export)\s(?:[^'"]*?\sfrom\s)?|\bimport\(\s*)['"]([^'"]+)['"]/gm
  const isTest = (file: string) => /\.test\.tsx?$/.test(file)

  function sourceFiles(dir: string): string[] {
    const files: string[] = []
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = path.join(dir, entry.name)
      if (entry.isDirectory()) files.push(...sourceFiles(rel))
      else if (/\.(ts|tsx|mts|js|mjs)$/.test(entry.name)) files.push(rel)
    }
    return files
  }

  it('is imported by no production file under app/, components/, lib/ or scripts/', () => {
    const production = ['app', 'components', 'lib', 'scripts']
      .flatMap(sourceFiles)
      .concat(['proxy.ts', 'instrumentation.ts', 'instrumentation-client.ts'])
      .filter((file) => !isTest(file) && !file.startsWith(`lib${path.sep}testing${path.sep}`))
    const offenders = production.flatMap((file) => {
      const absolute = path.join(ROOT, file)
      return [...readFileSync(absolute, 'utf8').matchAll(IMPORTS)]
        .map((m) => resolveImport(absolute, m[1]))
        .filter((target): target is string => target !== null && relative(target).startsWith(`lib${path.sep}testing${path.sep}`))
        .map((target) => `${file} -> ${relative(target)}`)
    })
    expect(production.length).toBeGreaterThan(100)
    expect(offenders).toEqual([])
  })
})
