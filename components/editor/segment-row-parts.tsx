'use client'

// The pieces of a segment row (segment-row.tsx): its save state, its icon buttons, the find
// matches drawn over a box, and its quality flags.
import { useTranslations } from 'next-intl'
import type { ReactNode } from 'react'
import { cn } from '@/components/ui/cn'
import type { RowEdit } from './drafts'
import type { Limits, RowQuality } from './quality'
import type { RowHighlights } from './segment-row'

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

export function QualityFlags({ quality, limits, id, onConvert }: { quality: RowQuality; limits: Limits; id: number; onConvert: () => void }) {
  const t = useTranslations('editor.quality')
  if (quality.flags.length === 0) return null
  const text = {
    cps: () => t('cps', { cps: Number.isFinite(quality.cps) ? quality.cps.toFixed(1) : '∞', max: limits.maxCps }),
    lineLength: () => t('lineLength', { chars: quality.longestLine, max: limits.maxLineChars }),
    lines: () => t('lines', { lines: quality.lines, max: limits.maxLines }),
    empty: () => t('empty'),
    same: () => t('same'),
    glossary: () => t('glossary', { terms: quality.missingTerms.join(', ') }),
    script: () => t('script'),
  }
  return (
    <ul className="mt-1 flex flex-wrap gap-1 px-2" aria-label={t('label', { id })} data-testid="row-flags">
      {quality.flags.map((flag) => (
        <li key={flag} data-flag={flag} className={cn('rounded px-1.5 py-px text-[11px] leading-4 font-medium', flag === 'empty' ? 'bg-danger-subtle text-danger' : 'bg-warning-subtle text-warning')}>
          {text[flag]()}
          {flag === 'script' && (
            <button
              type="button"
              onClick={(event) => {
                event.stopPropagation()
                onConvert()
              }}
              className="ml-1.5 rounded underline underline-offset-2 hover:text-fg focus-visible:ring-2 focus-visible:ring-brand focus-visible:outline-none"
              data-testid="segment-convert-script"
            >
              {t('convert')}
            </button>
          )}
        </li>
      ))}
    </ul>
  )
}
