'use client'

import { useTranslations } from 'next-intl'
import { useLanguageName } from './language-name'
import { CheckOption } from './upload-fields'
import type { RecordingFlow } from './use-recording-flow'

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
      <CheckOption id="recording-use-memory" label={to('useMemory')} hint={to('useMemoryHint')} checked={choices.useMemory} isDisabled={flow.isSubmitting} onChange={(useMemory) => set({ useMemory })} />
      <CheckOption
        id="recording-review"
        label={
          <>
            {tr('label')}
            {estimate && <span className="tabular ml-1.5 font-normal text-muted">{tr('cost', { points: estimate.reviewCost })}</span>}
          </>
        }
        hint={canReview ? tr('hint') : tr('switchesToDeepseek')}
        checked={canReview && choices.review}
        isDisabled={flow.isSubmitting}
        onChange={(review) => set(review && !canReview ? { review, service: 'deepseek' } : { review })}
      />
      <p className="text-sm sm:col-span-2" data-testid="recording-glossary" data-count={entries}>
        <span className="font-medium text-fg">{tg('title')}</span>
        <span className="ml-2 text-xs text-muted">{t('glossary', { count: entries, language: name(choices.target) })}</span>
      </p>
    </div>
  )
}
