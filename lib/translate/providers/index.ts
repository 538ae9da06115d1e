import { createDeepSeekProvider, type DeepSeekConfig } from './deepseek'
import { createGoogleTranslateProvider } from './google'
import { createMyMemoryProvider, type MyMemoryConfig } from './mymemory'
import type { TranslateProvider } from './types'

export { ProviderError } from './types'
export type { CondenseLine, GlossaryTerm, TranslateProvider } from './types'
export { createDeepSeekProvider } from './deepseek'
export type { DeepSeekConfig } from './deepseek'
export { createGoogleTranslateProvider } from './google'
export type { MyMemoryConfig } from './mymemory'

/** Every provider setting, passed in by the caller (lib/env wires it; this module never reads process.env). */
export type ProvidersConfig = {
  deepseek: DeepSeekConfig
  google: { baseUrl: string; apiKey?: string; timeoutMs?: number }
  mymemory: MyMemoryConfig
}

/** Thrown for a service name we do not translate with; its message is safe to show to the user. */
export class UnsupportedServiceError extends Error {
  readonly service: string
  constructor(service: string, message: string) {
    super(message)
    this.name = 'UnsupportedServiceError'
    this.service = service
  }
}

const PLANNED_SERVICES = new Set(['baidu', 'deepl', 'microsoft'])

/**
 * Picks the provider for a task's service name. Rule: `deepseek` → DeepSeek; `google` → Cloud
 * Translation v2 when a Google API key is configured, else MyMemory; `baidu`, `deepl`,
 * `microsoft` → "not implemented yet"; any other name → "unsupported translation service".
 */
export function resolveProvider({ service, config }: { service: string; config: ProvidersConfig }): TranslateProvider {
  if (service === 'deepseek') return createDeepSeekProvider(config.deepseek)
  if (service === 'google') {
    const { apiKey, baseUrl, timeoutMs } = config.google
    return apiKey ? createGoogleTranslateProvider({ baseUrl, apiKey, timeoutMs }) : createMyMemoryProvider(config.mymemory)
  }
  if (PLANNED_SERVICES.has(service)) throw new UnsupportedServiceError(service, 'not implemented yet')
  throw new UnsupportedServiceError(service, 'unsupported translation service')
}
