'use client'

import { useTranslations } from 'next-intl'
import { useMemo } from 'react'
import { useLanguageName } from './language-name'
import { Field } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import type { TranslationService } from '@/lib/client/tasks'
import { LANGUAGES, TARGET_LANGUAGES } from '@/lib/languages/languages'
import { CheckOption, ServiceField } from './upload-fields'

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
export function UploadOptions({ value, onChange, detectedLanguage, canUseGoogle, memory, reviewCost, isDisabled = false }: Props) {
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
      <ServiceField id="upload-service" value={value.service} onChange={(service) => set({ service })} canUseGoogle={canUseGoogle} isDisabled={isDisabled} />
      {value.target && (
        <fieldset className="sm:col-span-2" data-testid="upload-extra-targets">
          <legend className="mb-1.5 text-sm font-medium text-fg">{t('alsoInto')}</legend>
          <div className="flex flex-wrap gap-1.5">
            {TARGET_LANGUAGES.filter((code) => code !== value.target && code !== effectiveSource).map((code) => {
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
      <CheckOption
        id="upload-include-original"
        className="flex items-start gap-2.5 sm:pt-7"
        checked={value.includeOriginal}
        onChange={(includeOriginal) => set({ includeOriginal })}
        isDisabled={isDisabled}
        label={t('includeOriginal')}
        hint={t('includeOriginalHint')}
      />
      <div className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
        <CheckOption
          id="upload-use-memory"
          checked={value.useMemory}
          onChange={(useMemory) => set({ useMemory })}
          isDisabled={isDisabled}
          label={t('useMemory')}
          hint={covered > 0 && memory ? t('useMemoryCovered', { count: covered, total: memory.segments }) : t('useMemoryHint')}
          hintProps={{ 'data-testid': 'upload-memory-covered', 'data-count': covered }}
        />
        <CheckOption
          id="upload-review"
          checked={canReview && Boolean(value.review)}
          // Only DeepSeek reviews: choosing the review under another service switches to DeepSeek, and says so.
          onChange={(review) => set(review && !canReview ? { review, service: 'deepseek' } : { review })}
          isDisabled={isDisabled}
          label={
            <>
              {tr('label')}
              {reviewCost !== null && reviewCost > 0 && value.target && <span className="tabular ml-1.5 font-normal text-muted">{tr('cost', { points: reviewCost })}</span>}
            </>
          }
          labelProps={{ 'data-testid': 'upload-review-label' }}
          hint={canReview ? tr('hint') : tr('switchesToDeepseek')}
        />
      </div>
    </div>
  )
}
