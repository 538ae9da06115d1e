'use client'

import { useDeferredValue, useMemo } from 'react'
import type { TaskDetail } from '@/lib/client/tasks'
import type { Edits } from './drafts'
import { useGlossaryTerms } from './use-glossary-terms'
import { useQualityLimits } from './use-quality-limits'
import { useScriptCheck } from './use-script-check'

/**
 * What the editor checks every row against (the quality limits, the glossary, the Chinese script)
 * and the edits as the checks read them. A keystroke renders the typed row at once; counts, flags, find and preview
 * follow in a deferred render (`deferredEdits`), so typing never waits for them. A transcript
 * alone expects identical text.
 */
export function useRowChecks(task: TaskDetail | undefined, edits: Edits, isTranscript: boolean) {
  const { limits: chosenLimits, save: saveLimits, defaults } = useQualityLimits(task?.targetLanguage ?? 'en')
  const limits = useMemo(() => (isTranscript ? { ...chosenLimits, allowsSame: true } : chosenLimits), [chosenLimits, isTranscript])
  const glossary = useGlossaryTerms(task?.targetLanguage, task?.detectedLanguage ?? task?.originalLanguage)
  const deferredEdits = useDeferredValue(edits)
  const script = useScriptCheck(task?.targetLanguage)
  return { limits, saveLimits, defaults, glossary, deferredEdits, script }
}
