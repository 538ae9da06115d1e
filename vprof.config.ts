import base from '/work/main/vitest.config'
import { mergeConfig } from 'vitest/config'
export default mergeConfig(base, { test: { execArgv: ['--prof', '--logfile=/tmp/prof/v8-%p.log', '--no-logfile-per-isolate'], teardownTimeout: 30000 } })
