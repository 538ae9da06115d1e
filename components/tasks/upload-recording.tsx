'use client'

import { useTranslations } from 'next-intl'
import { startTransition, useMemo } from 'react'
import { useLanguageName } from './language-name'
import { Field } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import { clockTime } from '@/lib/client/recording'
import { estimatedSeconds, POINT_RATES } from '@/lib/client/task-helpers'
import { LANGUAGES, TARGET_LANGUAGES } from '@/lib/languages'
import { RecordingBars } from './recording-bars'
import { RecordingTranslationOptions } from './recording-translation-options'
import type { RecordingFlow } from './use-recording-flow'
import { CheckOption, ServiceField, Stat } from './upload-fields'

/** The "subtitles in" choice that means: the spoken language only, no translation. */
const TRANSCRIPT_ONLY = 'transcript'

/**
 * A recording in the upload dialog: the sound being extracted and uploaded (two bars), then its
 * duration, spoken language, cost and time, and the choice between a transcript alone and a
 * transcript translated into one language, with a subtitle file's translation options.
 */
export function UploadRecording({ flow, canUseGoogle, isSandbox }: { flow: RecordingFlow; canUseGoogle: boolean; isSandbox: boolean }) {
  const t = useTranslations('upload.recording')
  const to = useTranslations('upload.options')
  const name = useLanguageName()
  const { choices, estimate } = flow
  const set = (patch: Partial<typeof choices>) => flow.setChoices({ ...choices, ...patch })
  // A language picked renders the whole dialog again: as a transition, in slices the page can
  // interrupt, while the workers hold both cores (the select itself closes at once).
  const pick = (patch: Partial<typeof choices>) => startTransition(() => set(patch))

  const spokenOptions = useMemo(() => LANGUAGES.map((code) => ({ value: code, label: code === 'auto' ? t('spokenAuto') : name(code) })), [name, t])
  // Translating into the language spoken is no translation (the server refuses it too).
  const targetOptions = useMemo(
    () => [
      { value: TRANSCRIPT_ONLY, label: t('transcriptOnly') },
      ...TARGET_LANGUAGES.filter((code) => code !== choices.source).map((code) => ({ value: code, label: t('translateInto', { language: name(code) }) })),
    ],
    [choices.source, name, t],
  )

  if (flow.error) return null
  const isWorking = flow.phase === 'extracting' || flow.phase === 'uploading'

  return (
    <div className="space-y-5" data-testid="upload-recording" data-phase={flow.phase}>
      {isWorking && <RecordingBars flow={flow} />}
      {estimate && (
        // Two by two: "20 points (1 min of sound)" needs its room, and four columns squeezed it over its neighbour.
        <dl className="grid grid-cols-2 gap-x-6 gap-y-3 rounded-lg border border-border px-4 py-3" data-testid="recording-estimate">
          <Stat wraps label={t('duration')} testId="recording-duration">
            <span data-ms={estimate.durationMs}>{clockTime(estimate.durationMs)}</span>
          </Stat>
          <Stat wraps label={t('spoken')} testId="recording-language">
            {choices.source === 'auto' ? t('spokenDetected') : name(choices.source)}
          </Stat>
          <Stat wraps label={t('cost')} testId="recording-cost">
            <span data-points={flow.cost}>{t('costValue', { points: flow.cost, minutes: estimate.minutes })}</span>
          </Stat>
          <Stat wraps label={t('time')} testId="recording-time">
            {t('timeValue', { minutes: Math.max(1, Math.ceil(estimatedSeconds(estimate.estimatedMs) / 60)) })}
          </Stat>
        </dl>
      )}
      {(estimate || isWorking) && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="recording-source" label={t('spokenChoice')}>
            <Select id="recording-source" value={choices.source} onValueChange={(source) => pick({ source, target: source === choices.target ? '' : choices.target })} options={spokenOptions} disabled={flow.isSubmitting} data-testid="recording-source" />
          </Field>
          <Field id="recording-target" label={t('subtitlesIn')} hint={choices.target ? t('pricedWithTranslation', { points: POINT_RATES.translated }) : t('pricedTranscript', { points: POINT_RATES.transcript })}>
            <Select
              id="recording-target"
              value={choices.target || TRANSCRIPT_ONLY}
              onValueChange={(target) => pick({ target: target === TRANSCRIPT_ONLY ? '' : target })}
              options={targetOptions}
              disabled={flow.isSubmitting}
              data-testid="recording-target"
            />
          </Field>
          {choices.target && (
            <>
              <ServiceField id="recording-service" value={choices.service} onChange={(service) => set({ service })} canUseGoogle={canUseGoogle} isDisabled={flow.isSubmitting} />
              <CheckOption
                id="recording-include-original"
                className="flex items-start gap-2.5 sm:pt-7"
                checked={choices.includeOriginal}
                onChange={(includeOriginal) => set({ includeOriginal })}
                isDisabled={flow.isSubmitting}
                label={to('includeOriginal')}
                hint={to('includeOriginalHint')}
              />
              <RecordingTranslationOptions flow={flow} />
            </>
          )}
        </div>
      )}
      {estimate && flow.phase !== 'uploading' && <p className="text-xs text-subtle" data-testid="recording-declared">{t('declaredNote')}</p>}
      {isSandbox && estimate && <p className="text-xs text-info">{t('sandbox')}</p>}
    </div>
  )
}
