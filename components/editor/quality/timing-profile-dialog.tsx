'use client'

import { useTranslations } from 'next-intl'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { RadioCard } from '@/components/ui/radio-card'
import { FormDialog, whileOpen, type DialogOpenProps } from '@/components/ui/form-dialog'
import { Input } from '@/components/ui/input'
import { TIMING_PROFILE_IDS, TIMING_PROFILES, timingProfileSchema, type TimingProfile, type TimingProfileId } from '@/lib/timing'
import type { TimingProfileState } from './use-timing-profile'

type Props = DialogOpenProps & {
  timing: TimingProfileState
  /** The language the checked text is in, named (the custom profile's numbers are per language). */
  languageName: string
}

/** The numbers of a profile as the form shows them: durations in seconds, the rest as they are. */
const FIELDS = [
  { key: 'minDurationMs', label: 'minDuration', scale: 1000, step: 0.001, min: 0, max: 60 },
  { key: 'maxDurationMs', label: 'maxDuration', scale: 1000, step: 0.001, min: 0.1, max: 600 },
  { key: 'minGapFrames', label: 'minGap', scale: 1, step: 1, min: 0, max: 250 },
  { key: 'chainUnderFrames', label: 'chainUnder', scale: 1, step: 1, min: 0, max: 250 },
  { key: 'maxLineChars', label: 'maxLineChars', scale: 1, step: 1, min: 1, max: 200 },
  { key: 'maxCps', label: 'maxCps', scale: 1, step: 0.5, min: 1, max: 100 },
  { key: 'maxLines', label: 'maxLines', scale: 1, step: 1, min: 1, max: 10 },
] as const

type Values = Record<(typeof FIELDS)[number]['key'], string>

const valuesOf = (profile: TimingProfile): Values => Object.fromEntries(FIELDS.map((f) => [f.key, String(profile[f.key] / f.scale)])) as Values

/** A profile's numbers in one line, for the select's options and the dialog's cards. */
export function useProfileSummary() {
  const t = useTranslations('editor.timing')
  return (profile: TimingProfile) =>
    t('summary', { lineChars: profile.maxLineChars, cps: profile.maxCps, lines: profile.maxLines, min: Number((profile.minDurationMs / 1000).toFixed(3)), max: Number((profile.maxDurationMs / 1000).toFixed(3)), gap: profile.minGapFrames })
}

function Body({ onOpenChange, timing, languageName }: Omit<Props, 'open'>) {
  const t = useTranslations('editor.profile')
  const tt = useTranslations('editor.timing')
  const tc = useTranslations('common')
  const summary = useProfileSummary()
  const [id, setId] = useState<TimingProfileId>(timing.id)
  const [values, setValues] = useState<Values>(() => valuesOf(timing.custom))
  const [frameRate, setFrameRate] = useState(String(timing.profile.frameRate))
  const [isInvalid, setInvalid] = useState(false)
  const isCustom = id === 'custom'
  const shown = isCustom ? null : TIMING_PROFILES[id]
  const submit = () => {
    if (isCustom) {
      const parsed = timingProfileSchema.safeParse({ ...timing.custom, ...Object.fromEntries(FIELDS.map((f) => [f.key, Math.round(Number(values[f.key]) * f.scale * 1000) / 1000])), id: 'custom' })
      if (!parsed.success || FIELDS.some((f) => values[f.key].trim() === '')) return setInvalid(true)
      timing.saveCustom({ ...parsed.data, minDurationMs: Math.round(parsed.data.minDurationMs), maxDurationMs: Math.round(parsed.data.maxDurationMs) })
    }
    const rate = Number(frameRate)
    timing.choose({ id, frameRate: Number.isFinite(rate) && rate >= 1 && rate <= 300 && rate !== TIMING_PROFILES[id].frameRate ? rate : null })
    onOpenChange(false)
  }
  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title={t('title')}
      description={t('description')}
      className="max-w-2xl"
      formId="timing-profile-form"
      formClassName="space-y-5"
      submitLabel={tc('save')}
      submitTestId="profile-save"
      onSubmit={submit}
      isSubmitting={false}
      failure={isInvalid ? t('invalid') : null}
    >
      <div role="radiogroup" aria-label={tt('profile')} className="grid gap-2 sm:grid-cols-2" data-testid="profile-options">
        {TIMING_PROFILE_IDS.map((option) => (
          <RadioCard
            key={option}
            isChecked={id === option}
            onSelect={() => {
              setId(option)
              setInvalid(false)
            }}
            label={tt(`profiles.${option}`)}
            hint={summary(option === 'custom' ? timing.custom : TIMING_PROFILES[option])}
            hintClassName="leading-snug"
            testId={`profile-option-${option}`}
          />
        ))}
      </div>
      <fieldset className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4" disabled={!isCustom} data-testid="profile-fields">
        {FIELDS.map((field) => (
          <label key={field.key} className="space-y-1">
            <span className="block text-xs font-medium text-muted">{t(field.label)}</span>
            <Input
              type="number"
              inputMode="decimal"
              step={field.step}
              min={field.min}
              max={field.max}
              value={shown ? String(shown[field.key] / field.scale) : values[field.key]}
              onChange={(e) => {
                setValues({ ...values, [field.key]: e.target.value })
                setInvalid(false)
              }}
              className="h-9"
              data-testid={`profile-${field.key}`}
            />
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-xs text-subtle">{isCustom ? t('customHint', { language: languageName }) : t('readOnly')}</p>
        {isCustom && (
          <Button variant="ghost" size="sm" onClick={() => setValues(valuesOf(timing.seed))} data-testid="profile-reset">
            {t('reset', { language: languageName })}
          </Button>
        )}
      </div>
      <div className="grid grid-cols-2 items-end gap-4 border-t border-border pt-4 sm:grid-cols-4">
        <label className="space-y-1">
          <span className="block text-xs font-medium text-muted">{t('frameRate')}</span>
          <Input
            type="number"
            inputMode="decimal"
            step={0.001}
            min={1}
            max={300}
            value={frameRate}
            onChange={(e) => setFrameRate(e.target.value)}
            disabled={timing.videoFrameRate !== null}
            className="h-9"
            data-testid="profile-frameRate"
          />
        </label>
        <p className="col-span-1 pb-2 text-xs text-subtle sm:col-span-3">{timing.videoFrameRate !== null ? t('videoRate', { fps: timing.videoFrameRate }) : t('noVideoRate')}</p>
      </div>
    </FormDialog>
  )
}

/** The task's timing profile: the four profiles, the custom one's numbers, and the frame rate without a video. */
export const TimingProfileDialog = whileOpen<Props>(Body)
