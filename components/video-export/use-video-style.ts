'use client'

import { useQuery } from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import { getTaskWords, taskKeys } from '@/lib/client/tasks'
import { useRememberedStyle, useRememberStyle } from '@/lib/client/video-style'
import type { SubtitleStyle } from '@/lib/video/universal/styles'
import { presetStyle } from './look'

/**
 * The burn-in style: the creator's remembered one (their last export's), else the outlined
 * preset on the translation when there is one. Changes stay local until `remember()` (at export).
 * With it, a transcription's words (`wordsOf`, while `isOpen`), which time the word-highlight style.
 */
export function useVideoStyle(hasTranslation: boolean, { wordsOf, isOpen }: { wordsOf?: string; isOpen: boolean }) {
  const remembered = useRememberedStyle()
  const save = useRememberStyle()
  const words = useQuery({ queryKey: taskKeys.words(wordsOf ?? ''), queryFn: ({ signal }) => getTaskWords(wordsOf!, signal), enabled: isOpen && Boolean(wordsOf), staleTime: Infinity })
  const [local, setLocal] = useState<SubtitleStyle | null>(null)
  const style = useMemo(() => {
    if (local) return local
    const base = remembered.data ?? { ...presetStyle('outlined'), content: hasTranslation ? ('translation' as const) : ('original' as const) }
    // Without a translation, a remembered "translation" style shows the original.
    return hasTranslation ? base : { ...base, content: 'original' as const }
  }, [local, remembered.data, hasTranslation])
  const setStyle = useCallback((next: SubtitleStyle) => setLocal(next), [])
  const remember = useCallback(() => save.mutate(style), [save, style])
  return { style, setStyle, remember, words: words.data, isLoading: remembered.isPending }
}

/** The editor preview's style: the remembered one showing the pane's chosen languages, and the task's words. */
export function usePreviewStyle(content: SubtitleStyle['content'], taskId?: string) {
  const remembered = useRememberedStyle()
  const words = useQuery({ queryKey: taskKeys.words(taskId ?? ''), queryFn: ({ signal }) => getTaskWords(taskId!, signal), enabled: Boolean(taskId), staleTime: Infinity })
  const style = useMemo(() => ({ ...(remembered.data ?? presetStyle('outlined')), content }), [remembered.data, content])
  return { style, words: words.data }
}
