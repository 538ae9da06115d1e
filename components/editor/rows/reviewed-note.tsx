'use client'

import { useTranslations } from 'next-intl'
import { useId, useState } from 'react'

type Props = {
  /** The translation the review pass replaced. */
  first: string
  /** The translation shown now (a draft included): restoring is offered only when it differs. */
  current: string
  /** Shortened to fit its cue rather than corrected by the review. */
  isShortened?: boolean
  onRestore: () => void
}

/**
 * The "reviewed" (or "shortened") badge of a row the review pass corrected or DeepSeek shortened to
 * fit its cue: one click shows the first version beside a button that puts it back (saved as the
 * person's edit, undoable like any edit).
 */
export function ReviewedNote({ first, current, isShortened = false, onRestore }: Props) {
  const t = useTranslations('editor.review')
  const tf = useTranslations('editor.fit')
  const [isOpen, setOpen] = useState(false)
  const panel = useId()
  return (
    <div className="mt-1 px-2" data-testid="reviewed">
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={panel}
        title={isShortened ? tf('badgeHint') : t('badgeHint')}
        onClick={(event) => {
          event.stopPropagation()
          setOpen((open) => !open)
        }}
        data-testid="reviewed-badge"
        data-kind={isShortened ? 'shortened' : 'reviewed'}
        className="inline-flex items-center gap-1 rounded border border-current/30 px-1.5 py-px text-[11px] leading-4 font-medium text-brand transition-colors hover:bg-brand-subtle focus-visible:ring-2 focus-visible:ring-brand focus-visible:outline-none"
      >
        <svg viewBox="0 0 16 16" fill="none" aria-hidden="true" className="size-3">
          <path d="m3.5 8.5 3 3 6-7" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {isShortened ? tf('badge') : t('badge')}
        <svg viewBox="0 0 16 16" fill="none" aria-hidden="true" className={isOpen ? 'size-3 rotate-180' : 'size-3'}>
          <path d="m4.5 6.5 3.5 3.5 3.5-3.5" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      {isOpen && (
        <div id={panel} className="mt-1 rounded-md border border-border bg-surface-2 px-2 py-1.5" data-testid="first-version">
          <div className="text-[11px] font-medium text-muted">{t('firstVersion')}</div>
          <p className="text-sm leading-relaxed break-words whitespace-pre-wrap text-fg" data-testid="first-version-text">
            {first}
          </p>
          {first !== current && (
            <button
              type="button"
              onClick={(event) => {
                event.stopPropagation()
                onRestore()
              }}
              data-testid="restore-first"
              className="mt-1 text-xs font-medium text-brand underline-offset-2 hover:underline"
            >
              {t('restore')}
            </button>
          )}
        </div>
      )}
    </div>
  )
}
