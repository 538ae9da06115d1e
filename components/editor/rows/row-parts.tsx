'use client'

import { useTranslations } from 'next-intl'
import type { ReactNode } from 'react'
import { cn } from '@/components/ui/cn'
import type { RowEdit } from '../drafts'
import type { RowHighlights } from './segment-row'

// The small pieces of a segment row: its spinner, save state, icon buttons and find highlights.

export function MiniSpinner({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" aria-hidden="true" className={cn('animate-spin', className)}>
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  )
}

export function RowState({ edit, onRetry }: { edit: RowEdit | undefined; onRetry: () => void }) {
  const t = useTranslations('editor.row')
  if (!edit) return null
  if (edit.status === 'saving')
    return (
      <span role="status" className="inline-flex items-center gap-1 text-xs text-muted">
        <MiniSpinner className="size-3" />
        {t('saving')}
      </span>
    )
  if (edit.status === 'unsaved')
    return (
      <span className="inline-flex items-center gap-1 text-xs text-warning">
        <span className="size-1.5 rounded-full bg-current" aria-hidden="true" />
        {t('unsaved')}
      </span>
    )
  if (edit.status === 'saved') return <span className="text-xs text-success">✓ {t('saved')}</span>
  return (
    <button type="button" onClick={onRetry} className="text-left text-xs font-medium text-danger underline-offset-2 hover:underline" data-testid="row-save-retry">
      {t('error')}
    </button>
  )
}

export function IconButton({ label, onClick, children, testId, isBusy, isDisabled }: { label: string; onClick: () => void; children: ReactNode; testId: string; isBusy?: boolean; isDisabled?: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      title={label}
      aria-label={label}
      disabled={isBusy || isDisabled}
      aria-busy={isBusy || undefined}
      data-testid={testId}
      className="inline-flex size-8 items-center justify-center rounded-md text-subtle transition-colors hover:bg-surface-2 hover:text-fg disabled:pointer-events-none aria-busy:opacity-100 disabled:opacity-40"
    >
      {children}
    </button>
  )
}

export function Highlights({ text, ranges }: { text: string; ranges: RowHighlights['ranges'] }) {
  const parts: ReactNode[] = []
  let at = 0
  ranges.forEach((range, i) => {
    if (range.start > at) parts.push(text.slice(at, range.start))
    parts.push(
      <mark key={i} data-testid={range.current ? 'find-current' : 'find-match'} className={cn('rounded-sm text-transparent', range.current ? 'bg-brand/35 ring-1 ring-brand' : 'bg-warning/30')}>
        {text.slice(range.start, range.end)}
      </mark>,
    )
    at = range.end
  })
  parts.push(text.slice(at) + '\u200b')
  // Same box metrics as the text box underneath, so each mark sits on its characters.
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 overflow-hidden rounded-md border border-transparent px-2 py-1 text-sm leading-relaxed break-words whitespace-pre-wrap text-transparent">
      {parts}
    </div>
  )
}
