'use client'

import { useTranslations } from 'next-intl'
import { useMemo } from 'react'
import { useLanguageName } from './language-name'
import { Field } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import type { TranslationService } from '@/lib/client/tasks'
import { LANGUAGES, TARGET_LANGUAGES } from '@/lib/languages/languages'

export type UploadChoices = { source: string; target: string; extraTargets: string[]; service: TranslationService; includeOriginal: boolean; useMemory: boolean; review?: boolean }

/** At most four languages besides the main target (five in all, POST /api/tasks/batch). */
const MAX_EXTRA_TARGETS = 4

type Props = {
  value: UploadChoices
  onChange: (next: UploadChoices) => void
  detectedLanguage: string | null
  canUseGoogle: boolean
  /** Points the review pass would add (null before the estimate). */
  reviewCost: number | null
  /** Lines of the file the translation memory covers per target language, and the file's lines (one file only). */
  memory?: { covered: Record<string, number>; segments: number } | null
  isDisabled?: boolean
}

/** Source (auto by default), target (required, never auto), service and the bilingual switch. */
export function UploadOptions({ value, onChange, detectedLanguage, canUseGoogle, memory, reviewCost, isDisabled }: Props) {
  const t = useTranslations('upload.options')
  const tr = useTranslations('upload.review')
  const canReview = value.service === 'deepseek'
  const name = useLanguageName()
  const set = (patch: Partial<UploadChoices>) => onChange({ ...value, ...patch })

  const sourceOptions = useMemo(
    () =>
      LANGUAGES.map((code) => ({
        value: code,
        label: code === 'auto' ? (detectedLanguage ? t('autoDetected', { language: name(detectedLanguage) }) : t('auto')) : name(code),
      })),
    [detectedLanguage, name, t],
  )
  const targetOptions = useMemo(() => TARGET_LANGUAGES.map((code) => ({ value: code, label: name(code) })), [name])
  const serviceOptions = useMemo(
    () => [
      { value: 'deepseek', label: t('deepseek') },
      ...(canUseGoogle ? [{ value: 'google', label: t('google') }] : []),
    ],
    [canUseGoogle, t],
  )
  const effectiveSource = value.source === 'auto' ? detectedLanguage : value.source
  const isSameLanguage = Boolean(value.target && effectiveSource === value.target)
  // The memory is kept per source language: the count holds when the file is in the detected one.
  const covered = memory && value.target && effectiveSource === detectedLanguage ? (memory.covered[value.target] ?? 0) : 0

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id="upload-source" label={t('source')}>
        <Select id="upload-source" value={value.source} onValueChange={(source) => set({ source })} options={sourceOptions} disabled={isDisabled} data-testid="upload-source" />
      </Field>
      <Field id="upload-target" label={t('target')} hint={isSameLanguage ? t('sameLanguage') : undefined}>
        <Select
          id="upload-target"
          value={value.target || undefined}
          onValueChange={(target) => set({ target })}
          options={targetOptions}
          placeholder={t('targetPlaceholder')}
          disabled={isDisabled}
          data-testid="upload-target"
        />
      </Field>
      <Field id="upload-service" label={t('service')} hint={canUseGoogle ? undefined : t('deepseekOnly')}>
        <Select
          id="upload-service"
          value={value.service}
          onValueChange={(service) => set({ service: service as TranslationService })}
          options={serviceOptions}
          disabled={isDisabled || serviceOptions.length === 1}
          data-testid="upload-service"
        />
      </Field>
      {value.target && (
        <fieldset className="sm:col-span-2" data-testid="upload-extra-targets">
          <legend className="mb-1.5 text-sm font-medium text-fg">{t('alsoInto')}</legend>
          <div className="flex flex-wrap gap-1.5">
            {TARGET_LANGUAGES.filter((code) => code !== value.target).map((code) => {
              const isOn = value.extraTargets.includes(code)
              const isFull = !isOn && value.extraTargets.filter((c) => c !== value.target).length >= MAX_EXTRA_TARGETS
              return (
                <button
                  key={code}
                  type="button"
                  aria-pressed={isOn}
                  disabled={isDisabled || isFull}
                  onClick={() => set({ extraTargets: isOn ? value.extraTargets.filter((c) => c !== code) : [...value.extraTargets, code] })}
                  className={
                    'rounded-full border px-2.5 py-0.5 text-xs transition-colors disabled:opacity-40 ' +
                    (isOn ? 'border-brand bg-brand text-brand-fg' : 'border-border text-muted hover:border-brand/50')
                  }
                  data-testid={`upload-extra-target-${code}`}
                >
                  {name(code)}
                </button>
              )
            })}
          </div>
          <p className="mt-1 text-xs text-subtle">{t('alsoIntoHint', { max: MAX_EXTRA_TARGETS + 1 })}</p>
        </fieldset>
      )}
      <div className="flex items-start gap-2.5 sm:pt-7">
        <input
          id="upload-include-original"
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-brand"
          checked={value.includeOriginal}
          onChange={(event) => set({ includeOriginal: event.target.checked })}
          disabled={isDisabled}
          data-testid="upload-include-original"
        />
        <label htmlFor="upload-include-original" className="text-sm leading-snug">
          <span className="font-medium text-fg">{t('includeOriginal')}</span>
          <span className="block text-xs text-subtle">{t('includeOriginalHint')}</span>
        </label>
      </div>
      <div className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
        <div className="flex items-start gap-2.5">
          <input
            id="upload-use-memory"
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-brand"
            checked={value.useMemory}
            onChange={(event) => set({ useMemory: event.target.checked })}
            disabled={isDisabled}
            data-testid="upload-use-memory"
          />
          <label htmlFor="upload-use-memory" className="text-sm leading-snug">
            <span className="font-medium text-fg">{t('useMemory')}</span>
            <span className="block text-xs text-subtle" data-testid="upload-memory-covered" data-count={covered}>
              {covered > 0 && memory ? t('useMemoryCovered', { count: covered, total: memory.segments }) : t('useMemoryHint')}
            </span>
          </label>
        </div>
        <div className="flex items-start gap-2.5">
          <input
            id="upload-review"
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-brand"
            checked={canReview && Boolean(value.review)}
            onChange={(event) => set({ review: event.target.checked })}
            disabled={isDisabled || !canReview}
            data-testid="upload-review"
          />
          <label htmlFor="upload-review" className="text-sm leading-snug">
            <span className="font-medium text-fg" data-testid="upload-review-label">
              {tr('label')}
              {reviewCost !== null && <span className="tabular ml-1.5 font-normal text-muted">{tr('cost', { points: reviewCost })}</span>}
            </span>
            <span className="block text-xs text-subtle">{canReview ? tr('hint') : tr('deepseekOnly')}</span>
          </label>
        </div>
      </div>
    </div>
  )
}
