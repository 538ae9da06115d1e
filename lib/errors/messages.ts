// use-intl/core: the translator without React, so workers and scripts can load it under any condition.
import { createTranslator } from 'use-intl/core'
import zh from '@/messages/zh-CN.json'
import en from '@/messages/en-US.json'
import ja from '@/messages/ja-JP.json'
import type { Locale } from '@/lib/site'
import type { ErrorKey } from './app-error'

const MESSAGES = { 'zh-CN': zh, 'en-US': en, 'ja-JP': ja } as const

/** Whether a string names one of the `errors` messages (zod schemas use keys as messages). */
export function isErrorKey(value: string): value is ErrorKey {
  return Object.prototype.hasOwnProperty.call(en.errors, value)
}

/** An `errors` message in a locale, with its values filled in. */
export function errorMessage(locale: Locale, key: ErrorKey, values: Record<string, string | number> = {}): string {
  const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: 'errors' })
  return (t as (k: string, v?: Record<string, string | number>) => string)(key, values)
}
