'use client'

import { useTranslations } from 'next-intl'
import { useLanguageName } from './language-name'
import type { RecordingFlow } from './use-recording-flow'

function Switch({ id, label, hint, checked, disabled, onChange, testId, extra }: { id: string; label: string; hint: string; checked: boolean; disabled: boolean; onChange: (on: boolean) => void; testId: string; extra?: string }) {
  return (
    <div className="flex items-start gap-2.5">
      <input id={id} type="checkbox" className="mt-0.5 size-4 shrink-0 accent-brand" checked={checked} onChange={(event) => onChange(event.target.checked)} disabled={disabled} data-testid={testId} />
      <label htmlFor={id} className="text-sm leading-snug">
        <span className="font-medium text-fg">
          {label}
          {extra && <span className="tabular ml-1.5 font-normal text-muted">{extra}</span>}
        </span>
        <span className="block text-xs text-subtle">{hint}</span>
      </label>
    </div>
  )
}

/**
 * A translated recording's options, as a subtitle file's (upload-options.tsx): the translation
 * memory, the review pass (DeepSeek, its price beside it) and the glossary entries of the chosen
 * language that go with the translation.
 */
export function RecordingTranslationOptions({ flow }: { flow: RecordingFlow }) {
  const to = useTranslations('upload.options')
  const tr = useTranslations('upload.review')
  const tg = useTranslations('upload.glossary')
  const t = useTranslations('upload.recording')
  const name = useLanguageName()
  const { choices, estimate } = flow
  const set = (patch: Partial<typeof choices>) => flow.setChoices({ ...choices, ...patch })
  const canReview = choices.service === 'deepseek'
  const entries = estimate?.glossary[choices.target] ?? 0
  return (
    <div className="grid gap-3 sm:col-span-2 sm:grid-cols-2" data-testid="recording-translation-options">
      <Switch
        id="recording-use-memory"
        label={to('useMemory')}
        hint={to('useMemoryHint')}
        checked={choices.useMemory}
        disabled={flow.isSubmitting}
        onChange={(useMemory) => set({ useMemory })}
        testId="recording-use-memory"
      />
      <Switch
        id="recording-review"
        label={tr('label')}
        hint={canReview ? tr('hint') : tr('deepseekOnly')}
        checked={canReview && choices.review}
        disabled={flow.isSubmitting || !canReview}
        onChange={(review) => set({ review })}
        testId="recording-review"
        extra={estimate ? tr('cost', { points: estimate.reviewCost }) : undefined}
      />
      <p className="text-sm sm:col-span-2" data-testid="recording-glossary" data-count={entries}>
        <span className="font-medium text-fg">{tg('title')}</span>
        <span className="ml-2 text-xs text-muted">{t('glossary', { count: entries, language: name(choices.target) })}</span>
      </p>
    </div>
  )
}
