#!/usr/bin/env node
// Runs the Prisma CLI offline and quickly: no update checks, a placeholder DATABASE_URL for
// commands that only read the schema, and a preload that unrefs the WASM engine's idle timer.
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import path from 'node:path'

const require = createRequire(import.meta.url)
const cli = path.join(path.dirname(require.resolve('prisma/package.json')), 'build/index.js')
const preload = path.join(path.dirname(new URL(import.meta.url).pathname), 'unref-timers.cjs')
const env = { ...process.env, CHECKPOINT_DISABLE: '1', PRISMA_HIDE_UPDATE_MESSAGE: '1' }
env.DATABASE_URL ||= 'postgresql://postgres@127.0.0.1:5432/placeholder'
const result = spawnSync(process.execPath, ['-r', preload, cli, ...process.argv.slice(2)], { stdio: 'inherit', env })
process.exit(result.status ?? 1)
