import { describe, expect, it } from 'vitest'
import { resolveProvider, UnsupportedServiceError, type ProvidersConfig } from './index'

const config: ProvidersConfig = {
  deepseek: { baseUrl: 'http://127.0.0.1:1', apiKey: 'sk', model: 'deepseek-flash' },
  google: { baseUrl: 'http://127.0.0.1:2' },
  mymemory: { baseUrl: 'http://127.0.0.1:3' },
}

describe('resolveProvider', () => {
  it('maps service names to providers; google falls back to MyMemory without a key', () => {
    expect(resolveProvider({ service: 'deepseek', config }).name).toBe('deepseek')
    expect(resolveProvider({ service: 'google', config }).name).toBe('mymemory')
    expect(resolveProvider({ service: 'google', config: { ...config, google: { ...config.google, apiKey: 'k' } } })).toMatchObject({ name: 'google', maxBatch: 128 })
  })

  it.each([
    ['baidu', 'not implemented yet'],
    ['deepl', 'not implemented yet'],
    ['microsoft', 'not implemented yet'],
    ['yandex', 'unsupported translation service'],
  ])('%s → %s', (service, message) => {
    expect(() => resolveProvider({ service, config })).toThrow(UnsupportedServiceError)
    expect(() => resolveProvider({ service, config })).toThrow(message)
  })
})
