// `node scripts/file-durations.mjs report.json [root]`: turns a vitest JSON report
// (`npx vitest run --reporter=json --outputFile=report.json`, run in `root`, by default this
// checkout) into test/file-durations.json, the time each test file took, which test/sequencer.ts
// reads to start the longest files first.
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const [report, reportRoot] = process.argv.slice(2)
if (!report) {
  console.error('usage: node scripts/file-durations.mjs <vitest JSON report> [the checkout it ran in]')
  process.exit(2)
}
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const ranIn = path.resolve(reportRoot ?? root)
const { testResults } = JSON.parse(readFileSync(report, 'utf8'))
const durations = {}
for (const file of testResults) {
  const relative = path.relative(ranIn, file.name).split(path.sep).join('/')
  // The project a file belongs to, by vitest.config.ts's rule.
  const project = /\.db\.test\.tsx?$/.test(relative) ? 'db' : 'unit'
  durations[`${project}:${relative}`] = Math.round(file.endTime - file.startTime)
}
const sorted = Object.fromEntries(Object.entries(durations).sort(([, a], [, b]) => b - a))
writeFileSync(path.join(root, 'test/file-durations.json'), `${JSON.stringify(sorted, null, 2)}\n`)
console.log(`${Object.keys(sorted).length} files; longest: ${Object.entries(sorted).slice(0, 5).map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`).join(', ')}`)
