'use client'

import { useCallback, useState } from 'react'
import { presetStyle, type SubtitleStyle } from '@/lib/client/video/styles'

/** The creator's burn-in style (first the outlined preset, on the translation when there is one). */
export function useVideoStyle(hasTranslation: boolean) {
  const [style, setLocal] = useState<SubtitleStyle>(() => ({ ...presetStyle('outlined'), content: hasTranslation ? 'translation' : 'original' }))
  const setStyle = useCallback((next: SubtitleStyle) => setLocal(next), [])
  return { style, setStyle }
}
