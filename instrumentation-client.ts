// Runs in the browser before the app's code. zod would probe `new Function` to decide whether to
// compile its parsers; under our Content-Security-Policy (no 'unsafe-eval') the probe is blocked and
// reported as a violation even though zod catches it. Its global config turns the probe off without
// loading zod on pages that do not use it.
const zodConfig = ((globalThis as { __zod_globalConfig?: Record<string, unknown> }).__zod_globalConfig ??= {})
zodConfig.jitless = true
