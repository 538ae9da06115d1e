import { envSchema, missingProductionSettings, type Env } from './schema'

export type { Env }
export { missingProductionSettings }

/** Validates an environment and names every missing or malformed variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings count as unset, as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''))
  const result = envSchema.safeParse(cleaned)
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  - ${issue.path.join('.') || '(root)'}: ${issue.message}`)
    throw new Error(`Invalid environment:\n${lines.join('\n')}`)
  }
  return result.data
}

let cached: Env | undefined

/** The validated environment of this process, checked once on first use. */
export function env(): Env {
  cached ??= parseEnv(process.env)
  return cached
}
