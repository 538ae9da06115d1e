'use client'

import { useDeferredValue, useMemo } from 'react'
import type { TaskDetail } from '@/lib/client/tasks'
import type { Edits } from '../drafts'
import { useGlossaryTerms } from './use-glossary-terms'
import { useQualityLimits } from './use-quality-limits'
import { useScriptCheck } from './use-script-check'

/**
 * What the editor checks every row against (the quality limits, the glossary, the Chinese script)
 * and the edits as the checks read them. A keystroke renders the typed row at once; counts, flags, find and preview
 * follow in a deferred render (`deferredEdits`), so typing never waits for them. A transcript
 * alone expects identical text. The sandbox's placeholders (`[ja] ` and the source line) are in the
 * source's language: they are read by its limits, never by the target's (nor its script).
 */
export function useRowChecks(task: TaskDetail | undefined, edits: Edits, isTranscript: boolean, isSandbox = false) {
  const sourceLanguage = task?.detectedLanguage ?? task?.originalLanguage ?? undefined
  const judgedAs = isSandbox ? (sourceLanguage ?? 'en') : (task?.targetLanguage ?? 'en')
  const { limits: chosenLimits, save: saveLimits, defaults } = useQualityLimits(judgedAs)
  const limits = useMemo(() => (isTranscript ? { ...chosenLimits, allowsSame: true } : chosenLimits), [chosenLimits, isTranscript])
  const glossary = useGlossaryTerms(task?.targetLanguage, sourceLanguage)
  const deferredEdits = useDeferredValue(edits)
  const script = useScriptCheck(isSandbox ? undefined : task?.targetLanguage)
  return { limits, saveLimits, defaults, glossary, deferredEdits, script }
}
