'use client'

import { useTranslations } from 'next-intl'
import { cn } from '@/components/ui/cn'
import type { TranslatedBy } from '@/lib/client/tasks'

const TONES: Record<TranslatedBy, string> = {
  deepseek: 'text-subtle',
  google: 'text-info',
  mymemory: 'text-info',
  memory: 'text-subtle',
  repeat: 'text-subtle',
  edited: 'text-success',
  speech: 'text-subtle',
}

/** A small mark of who made a segment's translation: a service, the translation memory, an identical line of the file, or a person. */
export function TranslatedByBadge({ by }: { by: TranslatedBy | null | undefined }) {
  const t = useTranslations('editor.translatedBy')
  if (!by || !(by in TONES)) return null
  const name = t(by)
  const title = by === 'memory' ? t('memoryHint') : by === 'repeat' ? t('repeatHint') : by === 'edited' ? t('editedHint') : by === 'speech' ? t('speechHint') : t('label', { service: name })
  return (
    <span title={title} className={cn('inline-block self-start rounded border border-current/30 px-1 py-px text-[10px] leading-none whitespace-nowrap', TONES[by])} data-testid="translated-by" data-by={by}>
      <span className="sr-only">{title}</span>
      <span aria-hidden="true">{name}</span>
    </span>
  )
}
