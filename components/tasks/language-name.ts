'use client'

import { useTranslations } from 'next-intl'
import { useCallback } from 'react'
import { isSupportedLanguage } from '@/lib/languages/languages'

/** Display name of a subtitle language code in the interface language; unknown codes show as-is. */
export function useLanguageName() {
  const t = useTranslations('languages')
  return useCallback((code: string | null | undefined) => (code && isSupportedLanguage(code) ? t(code) : (code ?? '')), [t])
}

/** "Japanese → English": the source is the detected language when the user left it on auto. */
export function useLanguagePair() {
  const name = useLanguageName()
  return useCallback(
    (task: { originalLanguage: string; detectedLanguage?: string | null; targetLanguage: string }) => {
      const source = task.originalLanguage === 'auto' && task.detectedLanguage ? task.detectedLanguage : task.originalLanguage
      return `${name(source)} → ${name(task.targetLanguage)}`
    },
    [name],
  )
}
