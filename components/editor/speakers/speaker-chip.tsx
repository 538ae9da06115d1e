'use client'

import { useTranslations } from 'next-intl'
import { cn } from '@/components/ui/cn'
import { speakerNumber } from '@/lib/client/speakers'

// Tints that tell speakers apart at a glance; the name (or "Speaker 2") is always written too.
const TINTS = ['bg-info-subtle text-info', 'bg-warning-subtle text-warning', 'bg-success-subtle text-success', 'bg-brand-subtle text-brand']

/** What a speaker is called in the editor: the name the creator gave, else "Speaker 2". */
export function useSpeakerName() {
  const t = useTranslations('editor.speakers')
  return (label: string, names: Readonly<Record<string, string>>) => names[label] ?? t('unnamed', { number: speakerNumber(label) })
}

/** One speaker's chip, in the speaker's tint (the rows and the speakers dialog use the same one). */
export function SpeakerChip({ label, text, className }: { label: string; text: string; className?: string }) {
  return (
    <span data-speaker={label} title={text} className={cn('max-w-full truncate rounded px-1.5 py-px text-[11px] leading-4 font-medium', TINTS[(speakerNumber(label) + TINTS.length - 1) % TINTS.length], className)}>
      {text}
    </span>
  )
}

/** Who speaks a cue: one chip, or two for a dialogue cue. */
export function SpeakerChips({ labels, names }: { labels: readonly string[] | undefined; names: Readonly<Record<string, string>> }) {
  const t = useTranslations('editor.speakers')
  const nameOf = useSpeakerName()
  if (!labels || labels.length === 0) return null
  return (
    <span className="flex max-w-full flex-col items-start gap-0.5" aria-label={t('spokenBy', { names: labels.map((l) => nameOf(l, names)).join(', ') })} data-testid="segment-speaker">
      {labels.map((label, i) => (
        <SpeakerChip key={`${label}-${i}`} label={label} text={nameOf(label, names)} />
      ))}
    </span>
  )
}
