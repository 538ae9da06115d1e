import { readFileSync } from 'node:fs'
import path from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

// The order test files start in: longest first, so the few files that take minutes (3-hour
// recordings) start at once and run beside all the short ones, instead of starting last and
// running alone while the other worker idles. Vitest's own order without a cache (CI's fresh
// clone) is by project name, then by file size, which put the longest file near the end.
//
// A file's time is the one measured by this machine's last run (vitest's cache), or else the one
// recorded in test/file-durations.json (scripts/file-durations.mjs writes it from a JSON report);
// a file in neither counts as a typical one. Only the order changes: every file still runs.

type Durations = Record<string, number>

function recorded(root: string): Durations {
  try {
    return JSON.parse(readFileSync(path.join(root, 'test/file-durations.json'), 'utf8')) as Durations
  } catch {
    return {}
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : 0
}

export default class LongestFirstSequencer extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root
    const known = recorded(root)
    const typical = median(Object.values(known))
    const key = (spec: TestSpecification) => `${spec.project.name}:${path.relative(root, spec.moduleId).split(path.sep).join('/')}`
    const duration = (spec: TestSpecification) => this.ctx.cache.getFileTestResults(key(spec))?.duration ?? known[key(spec)] ?? typical
    const times = new Map(files.map((spec) => [spec, duration(spec)]))
    return [...files].sort((a, b) => times.get(b)! - times.get(a)! || key(a).localeCompare(key(b)))
  }
}
