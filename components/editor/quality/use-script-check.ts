'use client'

import { useEffect, useState } from 'react'
import type { ScriptCheck } from '@/lib/subtitles/chinese-script'

const CHINESE = new Set(['zh-CN', 'zh-HK'])

/**
 * The Chinese script check of a task's target language (Traditional for zh-HK, Simplified for
 * zh-CN), loaded on demand because OpenCC's dictionaries are large; null for other languages and
 * until it has loaded, so the flag only appears late, never wrongly.
 */
export function useScriptCheck(targetLanguage: string | undefined): ScriptCheck | null {
  const [loaded, setLoaded] = useState<{ language: string; check: ScriptCheck | null } | null>(null)
  useEffect(() => {
    if (!targetLanguage || !CHINESE.has(targetLanguage)) return
    let isCurrent = true
    void import('@/lib/subtitles/chinese-script').then((module) => {
      if (isCurrent) setLoaded({ language: targetLanguage, check: module.scriptCheckFor(targetLanguage) })
    })
    return () => {
      isCurrent = false
    }
  }, [targetLanguage])
  return loaded && loaded.language === targetLanguage ? loaded.check : null
}
