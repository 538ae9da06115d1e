import { defineConfig } from 'vitest/config'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import LongestFirstSequencer from './test/sequencer'

// Two projects: pure unit tests, and database tests that each get a database of their own
// cloned from a migrated template (see test/db-global-setup.ts). A test file of client code
// picks a DOM with `// @vitest-environment happy-dom` (the hook tests: *.db.test.tsx beside them).
export default defineConfig({
  resolve: { alias: { '@': path.resolve(__dirname), 'server-only': path.resolve(__dirname, 'test/empty.ts') } },
  test: {
    // One worker per core, at least two: database tests spend much of their time waiting on
    // PostgreSQL, so a second worker on a two-core machine cuts the run by a third.
    maxWorkers: Math.max(2, availableParallelism()),
    // Longest files first (test/sequencer.ts): the 3-hour recordings start with the suite, not at its end.
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        extends: true,
        // Unit files share their worker process (no fresh module graph per file): a third less CPU.
        // They keep no state between files; one that changes process.env or timers puts them back.
        test: { name: 'unit', isolate: false, include: ['**/*.test.{ts,tsx}'], exclude: ['**/*.db.test.{ts,tsx}', 'node_modules/**', 'e2e/**', '.next/**'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'db',
          include: ['**/*.db.test.{ts,tsx}'],
          exclude: ['node_modules/**', '.next/**'],
          environment: 'node',
          globalSetup: ['test/db-global-setup.ts'],
          setupFiles: ['test/db-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
