'use client'

import { useTranslations } from 'next-intl'
import { useEffect, useRef, type ReactNode, type Ref } from 'react'
import { Button } from '@/components/ui/button'
import { cn } from '@/components/ui/cn'
import type { FindField, FindOptions } from './find'
import type { FindReplace } from './use-find-replace'

type Props = {
  options: FindOptions
  onOptions: (options: FindOptions) => void
  replacement: string
  onReplacement: (text: string) => void
  /** 0-based position of the current match, or -1. */
  current: number
  total: number
  onStep: (delta: 1 | -1) => void
  onReplaceOne: () => void
  onReplaceAll: () => void
  onClose: () => void
  /** Bumped to move the focus to the find box (Ctrl+F) or the replace box (Ctrl+H). */
  focusRequest: { target: 'find' | 'replace'; at: number }
  isBusy: boolean
}

function Toggle({ pressed, onChange, children, testId }: { pressed: boolean; onChange: (v: boolean) => void; children: ReactNode; testId: string }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={() => onChange(!pressed)}
      data-testid={testId}
      className={cn(
        'h-8 rounded-md border px-2 text-xs transition-colors focus-visible:ring-2 focus-visible:ring-brand focus-visible:outline-none',
        pressed ? 'border-brand bg-brand-subtle text-brand' : 'border-border text-muted hover:text-fg',
      )}
    >
      {children}
    </button>
  )
}

const INPUT = 'h-8 w-full min-w-0 rounded-md border border-border bg-surface px-2 text-sm text-fg placeholder:text-subtle focus:border-brand focus:ring-2 focus:ring-brand/30 focus:outline-none'

/** A box of the bar, named for screen readers and by its placeholder; Enter acts (with Shift: `isShift`). */
function BarInput({ id, ref, label, className, value, onChange, onEnter }: { id: string; ref: Ref<HTMLInputElement>; label: string; className: string; value: string; onChange: (value: string) => void; onEnter: (isShift: boolean) => void }) {
  return (
    <>
      <label className="sr-only" htmlFor={id}>
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        className={cn(INPUT, className, 'flex-1 lg:max-w-56')}
        placeholder={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return
          e.preventDefault()
          onEnter(e.shiftKey)
        }}
        data-testid={id}
      />
    </>
  )
}

/** The find and replace bar under the toolbar: Enter steps forward, Shift+Enter back, Escape closes. */
export function FindBar({ options, onOptions, replacement, onReplacement, current, total, onStep, onReplaceOne, onReplaceAll, onClose, focusRequest, isBusy }: Props) {
  const t = useTranslations('editor.find')
  const findBox = useRef<HTMLInputElement>(null)
  const replaceBox = useRef<HTMLInputElement>(null)
  useEffect(() => {
    const box = focusRequest.target === 'replace' ? replaceBox.current : findBox.current
    box?.focus()
    box?.select()
  }, [focusRequest])
  const status = options.query === '' ? '' : total === 0 ? t('none') : t('count', { current: current + 1, total })
  return (
    <div
      role="search"
      aria-label={t('label')}
      data-testid="find-bar"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault()
          onClose()
        }
      }}
      className="flex flex-wrap items-center gap-2 border-b border-border bg-surface-2/60 px-4 py-2 md:px-6"
    >
      <BarInput id="find-query" ref={findBox} label={t('find')} className="min-w-28" value={options.query} onChange={(query) => onOptions({ ...options, query })} onEnter={(isShift) => onStep(isShift ? -1 : 1)} />
      <span className="tabular text-xs whitespace-nowrap text-muted lg:min-w-20" aria-live="polite" data-testid="find-count">
        {status}
      </span>
      <Button size="sm" variant="ghost" onClick={() => onStep(-1)} disabled={total === 0} aria-label={t('previous')} title={t('previous')} className="px-2" data-testid="find-prev">
        <svg viewBox="0 0 16 16" fill="none" aria-hidden="true" className="size-4">
          <path d="m4 10 4-4 4 4" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </Button>
      <Button size="sm" variant="ghost" onClick={() => onStep(1)} disabled={total === 0} aria-label={t('next')} title={t('next')} className="px-2" data-testid="find-next">
        <svg viewBox="0 0 16 16" fill="none" aria-hidden="true" className="size-4">
          <path d="m4 6 4 4 4-4" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </Button>
      <Button size="sm" variant="ghost" onClick={onClose} aria-label={t('close')} title={t('close')} className="px-2 max-lg:ml-auto lg:order-last lg:ml-auto" data-testid="find-close">
        <svg viewBox="0 0 16 16" fill="none" aria-hidden="true" className="size-4">
          <path d="m4 4 8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
        </svg>
      </Button>
      <label className="sr-only" htmlFor="find-field">
        {t('field')}
      </label>
      <select
        id="find-field"
        value={options.field}
        onChange={(e) => onOptions({ ...options, field: e.target.value as FindField })}
        className={cn(INPUT, 'w-auto')}
        data-testid="find-field"
      >
        <option value="translatedText">{t('inTranslation')}</option>
        <option value="originalText">{t('inOriginal')}</option>
      </select>
      <Toggle pressed={options.matchCase} onChange={(matchCase) => onOptions({ ...options, matchCase })} testId="find-case">
        {t('matchCase')}
      </Toggle>
      <Toggle pressed={options.wholeWord} onChange={(wholeWord) => onOptions({ ...options, wholeWord })} testId="find-word">
        {t('wholeWord')}
      </Toggle>
      <div className="flex basis-full items-center gap-2 lg:order-none lg:basis-auto">
        <BarInput id="find-replacement" ref={replaceBox} label={t('replace')} className="min-w-0" value={replacement} onChange={onReplacement} onEnter={() => onReplaceOne()} />
        <Button size="sm" variant="secondary" onClick={onReplaceOne} disabled={total === 0 || isBusy} data-testid="replace-one">
          {t('replaceOne')}
        </Button>
        <Button size="sm" variant="secondary" onClick={onReplaceAll} disabled={total === 0 || isBusy} isLoading={isBusy} data-testid="replace-all">
          {t('replaceAll')}
        </Button>
      </div>
    </div>
  )
}

/** The bar wired to the editor's find and replace (use-find-replace.ts). */
export function EditorFindBar({ find, onClose, isBusy }: { find: FindReplace; onClose: () => void; isBusy: boolean }) {
  return (
    <FindBar
      options={find.options}
      onOptions={find.setOptions}
      replacement={find.replacement}
      onReplacement={find.setReplacement}
      current={find.current}
      total={find.matches.length}
      onStep={find.step}
      onReplaceOne={find.replaceCurrent}
      onReplaceAll={() => void find.replaceEverywhere()}
      onClose={onClose}
      focusRequest={find.focusRequest}
      isBusy={isBusy}
    />
  )
}
