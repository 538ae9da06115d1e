import { describe, expect, it } from 'vitest'
import { parseEnv, missingProductionSettings } from './index'

const base = { DATABASE_URL: 'postgresql://u@127.0.0.1/db', SESSION_SECRET: 'x'.repeat(32) }

describe('parseEnv', () => {
  it('applies the documented defaults', () => {
    const env = parseEnv(base)
    expect(env.SITE_HOST_CN).toBe('cn.localhost')
    expect(env.TRANSLATION_BATCH_SIZE).toBeUndefined()
    expect(env.TRANSLATION_CONCURRENCY).toBe(8)
    expect(env.FEATURE_GOOGLE_TRANSLATION).toBe(true)
    expect(env.DEEPSEEK_BASE_URL).toBe('https://api.deepseek.com')
  })

  it('names every missing or malformed variable', () => {
    expect(() => parseEnv({ SESSION_SECRET: 'short', TRANSLATION_BATCH_SIZE: '-3' })).toThrowError(
      /DATABASE_URL[\s\S]*SESSION_SECRET[\s\S]*TRANSLATION_BATCH_SIZE/,
    )
  })

  it('reads flags and treats empty strings as unset', () => {
    const env = parseEnv({ ...base, FEATURE_GOOGLE_TRANSLATION: 'off', DEEPSEEK_API_KEY: '' })
    expect(env.FEATURE_GOOGLE_TRANSLATION).toBe(false)
    expect(env.DEEPSEEK_API_KEY).toBeUndefined()
    expect(missingProductionSettings(env)).toContain('DEEPSEEK_API_KEY')
  })
})

describe('missingProductionSettings with the points purchase on', () => {
  it('names every payment setting that is missing', () => {
    const env = parseEnv({ ...base, DEEPSEEK_API_KEY: 'k', ALIPAY_APP_ID: '2021' })
    expect(missingProductionSettings(env)).toEqual(['ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY', 'AIRWALLEX_CLIENT_ID', 'AIRWALLEX_API_KEY', 'AIRWALLEX_WEBHOOK_SECRET'])
  })

  it('asks for no payment setting when the purchase is off', () => {
    const env = parseEnv({ ...base, DEEPSEEK_API_KEY: 'k', FEATURE_POINTS_PURCHASE: 'off' })
    expect(missingProductionSettings(env)).toEqual([])
  })
})
