import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { TestSpecification, Vitest } from 'vitest/node'
import LongestFirstSequencer from './sequencer'

const root = path.resolve(__dirname, '..')
const spec = (project: string, file: string) => ({ project: { name: project }, moduleId: path.join(root, file) }) as unknown as TestSpecification
const sequencer = (cached: Record<string, number>) =>
  new LongestFirstSequencer({ config: { root }, cache: { getFileTestResults: (key: string) => (key in cached ? { duration: cached[key] } : undefined) } } as unknown as Vitest)
const names = (specs: TestSpecification[]) => specs.map((s) => `${s.project.name}:${path.relative(root, s.moduleId)}`)

describe('the longest test files first', () => {
  const files = [
    spec('unit', 'lib/subtitles/srt.test.ts'),
    spec('db', 'lib/tasks/transcription/transcribe.db.test.ts'),
    spec('db', 'lib/tasks/transcription/long-recording-ogg.db.test.ts'),
    spec('unit', 'lib/new-file-never-measured.test.ts'),
  ]

  it('orders by the recorded times without a cache (CI), and keeps every file', async () => {
    const recorded = JSON.parse(readFileSync(path.join(root, 'test/file-durations.json'), 'utf8')) as Record<string, number>
    const measured = ['db:lib/tasks/transcription/long-recording-ogg.db.test.ts', 'db:lib/tasks/transcription/transcribe.db.test.ts']
    const sorted = names(await sequencer({}).sort(files))
    expect(sorted.slice(0, 2)).toEqual([...measured].sort((a, b) => recorded[b] - recorded[a]))
    expect([...sorted].sort()).toEqual([...names(files)].sort())
  })

  it("prefers this machine's last measured times", async () => {
    const sorted = names(await sequencer({ 'unit:lib/subtitles/srt.test.ts': 10_000_000 }).sort(files))
    expect(sorted[0]).toBe('unit:lib/subtitles/srt.test.ts')
  })
})
