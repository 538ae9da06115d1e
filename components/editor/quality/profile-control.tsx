'use client'

import { useTranslations } from 'next-intl'
import { Select } from '@/components/ui/select'
import { TIMING_PROFILE_IDS, TIMING_PROFILES } from '@/lib/timing'
import { useProfileSummary } from './timing-profile-dialog'
import type { TimingProfileState } from './use-timing-profile'

/**
 * The toolbar's timing profile: a compact choice of the four (each with its numbers), and the
 * button to its dialog (the custom numbers, the frame rate without a video).
 */
export function ProfileControl({ timing, onSettings }: { timing: TimingProfileState; onSettings: () => void }) {
  const t = useTranslations('editor.timing')
  const summary = useProfileSummary()
  return (
    <span className="inline-flex shrink-0 items-center" title={`${t('profile')}: ${summary(timing.profile)}`} data-testid="timing-profile-control" data-profile={timing.id} data-fps={timing.fps}>
      <Select
        value={timing.id}
        onValueChange={(id) => timing.choose({ id: TIMING_PROFILE_IDS.find((known) => known === id) })}
        options={TIMING_PROFILE_IDS.map((id) => ({
          value: id,
          label: (
            <span className="flex flex-col">
              <span>{t(`profiles.${id}`)}</span>
              <span className="text-[11px] text-subtle in-data-[state=checked]:text-brand/80">{summary(id === 'custom' ? timing.custom : TIMING_PROFILES[id])}</span>
            </span>
          ),
        }))}
        aria-label={t('profile')}
        data-testid="timing-profile"
        className="h-8 w-auto max-w-[12rem] gap-1 rounded-r-none border-r-0 px-2 text-xs [&_.text-subtle]:hidden"
      />
      <button
        type="button"
        onClick={onSettings}
        aria-label={t('settings')}
        title={t('settings')}
        data-testid="toolbar-profile"
        className="inline-flex h-8 items-center rounded-r-lg border border-border bg-surface px-2 text-muted transition-colors hover:bg-surface-2 hover:text-fg focus-visible:ring-2 focus-visible:ring-brand focus-visible:outline-none"
      >
        <svg viewBox="0 0 16 16" fill="none" aria-hidden="true" className="size-4">
          <path d="M2.5 4.5h5M10.5 4.5h3M2.5 11.5h2M7.5 11.5h6M7.5 3v3M4.5 10v3" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
    </span>
  )
}
