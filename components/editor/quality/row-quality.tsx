'use client'

import { useTranslations } from 'next-intl'
import { useMemo, type ReactNode } from 'react'
import { cn } from '@/components/ui/cn'
import type { Span } from '@/lib/captions'
import type { TaskSegment } from '@/lib/client/tasks'
import { isSilentCue } from './flag-index'
import { checkCue, timeToMs, type GlossaryTerm, type Limits, type RowQuality, type ScriptFlagCheck } from './quality'
import type { TimingRowFlag } from './timing-flags'

/**
 * A row's quality as shown (typing included): the limits, the glossary, the Chinese script and,
 * for a transcription whose speech is known, whether the cue covers any speech at all.
 */
export function useRowQuality(
  segment: TaskSegment,
  { original, translated, isPending }: { original: string; translated: string; isPending: boolean },
  { limits, glossary, script, speech }: { limits: Limits; glossary: readonly GlossaryTerm[]; script: ScriptFlagCheck | null; speech: readonly Span[] | null },
): RowQuality {
  const durationMs = timeToMs(segment.endTime) - timeToMs(segment.startTime)
  const isSilent = useMemo(() => isSilentCue(segment, speech), [segment, speech])
  return useMemo(() => checkCue({ original, translated, durationMs, isPending, isSilent }, limits, glossary, script), [original, translated, durationMs, isPending, isSilent, limits, glossary, script])
}

const seconds = (ms: number) => String(Number((ms / 1000).toFixed(3)))

/** The row's timing flags in words: its duration against the profile's, its gap to the next in frames. */
function TimingFlags({ flags }: { flags: readonly TimingRowFlag[] }) {
  const t = useTranslations('editor.quality')
  return flags.map((flag) => {
    const name = flag.kind === 'gapTooSmall' ? 'gap' : flag.kind
    const text =
      flag.kind === 'gapTooSmall'
        ? flag.value < 0
          ? t('overlap')
          : t('gap', { frames: flag.frames, limit: flag.limitFrames })
        : t(flag.kind, { value: seconds(flag.value), limit: seconds(flag.limit) })
    return (
      <li key={name} data-flag={name} className="rounded bg-warning-subtle px-1.5 py-px text-[11px] leading-4 font-medium text-warning">
        {text}
      </li>
    )
  })
}

/**
 * The row's flags, each said in words: its text's (the wrong-script flag offers "convert"), then
 * its timing's under the task's profile; `extra` items (the stored fit flag) follow them.
 */
export function QualityFlags({ quality, timing, limits, id, onConvert, extra }: { quality: RowQuality; timing?: readonly TimingRowFlag[]; limits: Limits; id: number; onConvert: () => void; extra?: ReactNode }) {
  const t = useTranslations('editor.quality')
  if (quality.flags.length === 0 && !timing?.length) return null
  const text = {
    cps: () => t('cps', { cps: Number.isFinite(quality.cps) ? quality.cps.toFixed(1) : '∞', max: limits.maxCps }),
    lineLength: () => t('lineLength', { chars: quality.longestLine, max: limits.maxLineChars }),
    lines: () => t('lines', { lines: quality.lines, max: limits.maxLines }),
    empty: () => t('empty'),
    same: () => t('same'),
    glossary: () => t('glossary', { terms: quality.missingTerms.join(', ') }),
    script: () => t('script'),
    noSpeech: () => t('noSpeech'),
  }
  return (
    <ul className="mt-1 flex flex-wrap gap-1 px-2" aria-label={t('label', { id })} data-testid="row-flags">
      {quality.flags.map((flag) => (
        <li key={flag} data-flag={flag} className={cn('rounded px-1.5 py-px text-[11px] leading-4 font-medium', flag === 'empty' ? 'bg-danger-subtle text-danger' : 'bg-warning-subtle text-warning')}>
          {text[flag]()}
          {flag === 'script' && (
            <button
              type="button"
              onClick={(event) => {
                event.stopPropagation()
                onConvert()
              }}
              className="ml-1.5 rounded underline underline-offset-2 hover:text-fg focus-visible:ring-2 focus-visible:ring-brand focus-visible:outline-none"
              data-testid="segment-convert-script"
            >
              {t('convert')}
            </button>
          )}
        </li>
      ))}
      {timing && <TimingFlags flags={timing} />}
      {extra}
    </ul>
  )
}
