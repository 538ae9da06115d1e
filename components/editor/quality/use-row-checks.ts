'use client'

import { useDeferredValue, useMemo } from 'react'
import type { TaskDetail } from '@/lib/client/tasks'
import type { Edits } from '../drafts'
import { timingFlagsByRow } from './timing-flags'
import { useGlossaryTerms } from './use-glossary-terms'
import { useScriptCheck } from './use-script-check'
import { useTimingProfile } from './use-timing-profile'

/**
 * What the editor checks every row against (the task's timing profile, the glossary, the Chinese
 * script) and the edits as the checks read them. A keystroke renders the typed row at once; counts,
 * flags, find and preview follow in a deferred render (`deferredEdits`), so typing never waits for
 * them. The profile's line rules are the text limits, its durations and gaps the timing flags (by
 * row, over the rows' times). A transcript alone expects identical text. The sandbox's placeholders
 * (`[ja] ` and the source line) are in the source's language: they are read by its profile, never
 * by the target's (nor its script).
 */
export function useRowChecks(task: TaskDetail, edits: Edits, isTranscript: boolean, isSandbox = false) {
  const sourceLanguage = task.detectedLanguage ?? task.originalLanguage ?? undefined
  const judgedAs = isSandbox ? (sourceLanguage ?? 'en') : (task.targetLanguage ?? 'en')
  const timing = useTimingProfile(task.id, judgedAs)
  const { limits: profileLimits, profile, fps } = timing
  const limits = useMemo(() => (isTranscript ? { ...profileLimits, allowsSame: true } : profileLimits), [profileLimits, isTranscript])
  const timingFlags = useMemo(() => timingFlagsByRow(task.segments, profile, fps), [task.segments, profile, fps])
  const glossary = useGlossaryTerms(task.targetLanguage, sourceLanguage)
  const deferredEdits = useDeferredValue(edits)
  const script = useScriptCheck(isSandbox ? undefined : task.targetLanguage)
  return { limits, timing, timingFlags, glossary, deferredEdits, script }
}
