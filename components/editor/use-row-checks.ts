'use client'

import { useDeferredValue, useMemo } from 'react'
import type { TaskDetail, TaskSegment } from '@/lib/client/tasks'
import type { Edits } from './drafts'
import { flaggedIds } from './flag-index'
import { useGlossaryTerms } from './use-glossary-terms'
import { useQualityLimits } from './use-quality-limits'
import { useScriptCheck } from './use-script-check'

/**
 * What the editor checks every row against (the quality limits, the glossary, the Chinese script)
 * and the rows flagged. A keystroke renders the typed row at once; counts, flags, find and preview
 * follow in a deferred render (`deferredEdits`), so typing never waits for them. A transcript
 * alone expects identical text.
 */
export function useRowChecks(task: TaskDetail | undefined, segments: readonly TaskSegment[], edits: Edits, { isTranslating, isTranscript }: { isTranslating: boolean; isTranscript: boolean }) {
  const { limits: chosenLimits, save: saveLimits, defaults } = useQualityLimits(task?.targetLanguage ?? 'en')
  const limits = useMemo(() => (isTranscript ? { ...chosenLimits, allowsSame: true } : chosenLimits), [chosenLimits, isTranscript])
  const glossary = useGlossaryTerms(task?.targetLanguage, task?.detectedLanguage ?? task?.originalLanguage)
  const deferredEdits = useDeferredValue(edits)
  const script = useScriptCheck(task?.targetLanguage)
  const flagged = useMemo(() => flaggedIds(segments, deferredEdits, limits, isTranslating, glossary, script), [segments, deferredEdits, limits, isTranslating, glossary, script])
  const flaggedSet = useMemo(() => new Set(flagged), [flagged])
  return { limits, saveLimits, defaults, glossary, deferredEdits, script, flagged, flaggedSet }
}
