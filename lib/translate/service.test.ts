import { describe, expect, it } from 'vitest'
import { parseEnv } from '@/lib/env'
import { allowedServices, batchSizeFor, checkService, fallbacksFor, providerFor, providersConfig } from './service'

const base = { DATABASE_URL: 'postgresql://x@127.0.0.1/db', SESSION_SECRET: 'x'.repeat(32) }

describe('translation service wiring', () => {
  it('offers Google only when the feature flag allows it', () => {
    expect(allowedServices(parseEnv(base))).toEqual(['deepseek', 'google'])
    const off = parseEnv({ ...base, FEATURE_GOOGLE_TRANSLATION: '0' })
    expect(allowedServices(off)).toEqual(['deepseek'])
    expect(() => checkService('google', off)).toThrow(expect.objectContaining({ messageKey: 'serviceUnsupported' }))
    expect(checkService('deepseek', off)).toBe('deepseek')
  })

  it('answers the planned and unknown service messages', () => {
    const e = parseEnv(base)
    for (const name of ['baidu', 'deepl', 'microsoft']) expect(() => checkService(name, e)).toThrow(expect.objectContaining({ code: 'bad_request', messageKey: 'serviceNotImplemented' }))
    expect(() => checkService('yandex', e)).toThrow(expect.objectContaining({ messageKey: 'serviceUnsupported' }))
    expect(() => providerFor('deepl', providersConfig(e))).toThrow(expect.objectContaining({ messageKey: 'serviceNotImplemented' }))
  })

  it('uses google v2 with a key and the memory service without one', () => {
    expect(providerFor('google', providersConfig(parseEnv(base))).name).toBe('mymemory')
    expect(providerFor('google', providersConfig(parseEnv({ ...base, GOOGLE_TRANSLATE_API_KEY: 'k' }))).name).toBe('google')
  })

  it('honours a positive whole batch-size override, else TRANSLATION_BATCH_SIZE', () => {
    const e = parseEnv({ ...base, TRANSLATION_BATCH_SIZE: '12' })
    expect(batchSizeFor(undefined, e)).toBe(12)
    expect(batchSizeFor('25', e)).toBe(25)
    expect(batchSizeFor(30, e)).toBe(30)
    expect(batchSizeFor('500', e)).toBe(100)
    for (const bad of ['0', '-3', '2.5', 'abc', '', null]) expect(batchSizeFor(bad, e)).toBe(12)
    // neither: the token budget decides
    expect(batchSizeFor(undefined, parseEnv(base))).toBeUndefined()
  })

  it('falls back from DeepSeek to the google service while Google is offered', () => {
    expect(fallbacksFor('deepseek', parseEnv(base)).map((p) => p.name)).toEqual(['mymemory'])
    expect(fallbacksFor('deepseek', parseEnv({ ...base, GOOGLE_TRANSLATE_API_KEY: 'k' })).map((p) => p.name)).toEqual(['google'])
    expect(fallbacksFor('deepseek', parseEnv({ ...base, FEATURE_GOOGLE_TRANSLATION: '0' }))).toEqual([])
    expect(fallbacksFor('google', parseEnv(base))).toEqual([])
  })
})
