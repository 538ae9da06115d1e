'use client'

import { useTranslations } from 'next-intl'

/** Translates a form error: schema messages are keys of `errors`; anything else is shown as it is. */
export function useErrorText(): (message: string | undefined) => string | undefined {
  const t = useTranslations('errors')
  return (message) => {
    if (!message) return undefined
    return t.has(message as never) ? t(message as never) : message
  }
}
