// Static import graph of the project's own files, for the architecture rules' tests. Only
// static `import … from` / `export … from` count: a dynamic `import()` is loaded on demand.
import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

export const ROOT = path.resolve(__dirname, '..')
const STATIC_IMPORT = /^\s*(?:import|export)\s(?:[^'"]*?\sfrom\s)?['"]([^'"]+)['"]/gm
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts', '/index.tsx']

/** The project file an import specifier names, or null for packages. */
export function resolveImport(from: string, specifier: string): string | null {
  let base: string
  if (specifier.startsWith('@/')) base = path.join(ROOT, specifier.slice(2))
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier)
  else return null
  if (existsSync(base) && statSync(base).isFile()) return base
  for (const ext of EXTENSIONS) if (existsSync(base + ext)) return base + ext
  return null
}

/** The specifiers a file imports statically (type-only imports included: they are erased, but harmless to count). */
export function staticImports(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  return [...text.matchAll(STATIC_IMPORT)].filter((m) => !/^\s*import\s+type\s/.test(m[0]) && !/^\s*export\s+type\s/.test(m[0])).map((m) => m[1])
}

/** Every project file reachable from `entry` through static imports (packages left out). */
export function reachableFrom(entry: string): Set<string> {
  const seen = new Set<string>()
  const stack = [path.resolve(ROOT, entry)]
  while (stack.length > 0) {
    const file = stack.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    for (const specifier of staticImports(file)) {
      const target = resolveImport(file, specifier)
      if (target && !seen.has(target)) stack.push(target)
    }
  }
  return seen
}

/** Which packages a set of files imports statically. */
export function packagesOf(files: Iterable<string>): Set<string> {
  const packages = new Set<string>()
  for (const file of files) {
    for (const specifier of staticImports(file)) {
      if (specifier.startsWith('@/') || specifier.startsWith('.') || specifier.startsWith('node:')) continue
      const parts = specifier.split('/')
      packages.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0])
    }
  }
  return packages
}

export const relative = (file: string) => path.relative(ROOT, file)
