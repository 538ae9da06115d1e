'use client'

import { useTranslations } from 'next-intl'
import { memo, useMemo, type MouseEvent, type ReactNode } from 'react'
import { cn } from '@/components/ui/cn'
import { shortTime } from '@/lib/client/task-helpers'
import type { TaskSegment } from '@/lib/client/tasks'
import { AutosizeTextarea } from './autosize-textarea'
import { ReviewedNote } from './reviewed-note'
import { SpeakerChips } from './speaker-chip'
import { TranslatedByBadge } from './translated-by-badge'
import { shownText, type EditableField, type RowEdit } from './drafts'
import type { FindField } from './find'
import { checkCue, timeToMs, type GlossaryTerm, type Limits, type RowQuality, type ScriptFlagCheck } from './quality'

export type RowHandlers = {
  onChange: (id: number, field: EditableField, value: string) => void
  onLeave: (id: number) => void
  onOpen: (id: number) => void
  /** Retranslate the row: absent for a transcript, which has no translation to redo. */
  onRetranslate?: (id: number) => void
  /** "Review this segment" (DeepSeek tasks): absent, the row offers no review. */
  onReview?: (id: number) => void
  onActivate: (index: number) => void
  /** A click on the row: plain selects it, Shift extends from the anchor, Ctrl/Cmd toggles. */
  onSelect: (index: number, mods: { shift: boolean; toggle: boolean }) => void
  /** A click on the row's time: the video preview jumps there. */
  onSeek: (id: number) => void
  /** The "convert" of the wrong-script flag: the translation into the task's Chinese script. */
  onConvertScript: (id: number) => void
}

/** Find matches of one row, drawn over the searched box; `current` is the match stepped to. */
export type RowHighlights = { field: FindField; ranges: readonly { start: number; end: number; current: boolean }[] }

type Props = {
  segment: TaskSegment
  index: number
  edit: RowEdit | undefined
  isActive: boolean
  isRetranslating: boolean
  isReviewing?: boolean
  isTaskTranslating: boolean
  /** False in the server's HTML: the boxes are read-only until React runs. */
  isHydrated: boolean
  isSelected: boolean
  isPlaying: boolean
  limits: Limits
  glossary: readonly GlossaryTerm[]
  script: ScriptFlagCheck | null
  highlights: RowHighlights | undefined
  handlers: RowHandlers
  speakerNames?: Readonly<Record<string, string>>
}

/** The editor's grid: id, times, original, translation, actions (stacked on narrow screens). */
export const ROW_GRID = 'grid grid-cols-[2.75rem_minmax(0,1fr)_auto] gap-x-3 gap-y-1.5 md:grid-cols-[3rem_5.25rem_minmax(0,1fr)_minmax(0,1fr)_4.5rem]'

const TEXT =
  'w-full rounded-md border border-transparent bg-transparent px-2 py-1 text-sm leading-relaxed text-fg transition-colors placeholder:text-subtle hover:border-border focus:border-brand focus:bg-surface focus:ring-2 focus:ring-brand/30 focus:outline-none'

function MiniSpinner({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" aria-hidden="true" className={cn('animate-spin', className)}>
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  )
}

function RowState({ edit, onRetry }: { edit: RowEdit | undefined; onRetry: () => void }) {
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

function IconButton({ label, onClick, children, testId, isBusy, isDisabled }: { label: string; onClick: () => void; children: ReactNode; testId: string; isBusy?: boolean; isDisabled?: boolean }) {
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

function Highlights({ text, ranges }: { text: string; ranges: RowHighlights['ranges'] }) {
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

function QualityFlags({ quality, limits, id, onConvert }: { quality: RowQuality; limits: Limits; id: number; onConvert: () => void }) {
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

const NO_NAMES: Readonly<Record<string, string>> = {}

function SegmentRowView({ segment, index, edit, isActive, isRetranslating, isReviewing = false, isTaskTranslating, isHydrated, isSelected, isPlaying, limits, glossary, script, highlights, handlers, speakerNames = NO_NAMES }: Props) {
  const t = useTranslations('editor.row')
  const tx = useTranslations('editor.rowExtra')
  const tr = useTranslations('editor.review')
  const id = segment.id
  const original = shownText(segment, edit, 'originalText')
  const translated = shownText(segment, edit, 'translatedText')
  // While the task translates, a row opens for editing as soon as its translation arrived.
  const isPending = isTaskTranslating && (segment.translatedText === null || segment.translatedText === undefined)
  const durationMs = timeToMs(segment.endTime) - timeToMs(segment.startTime)
  const quality = useMemo(() => checkCue({ original, translated, durationMs, isPending }, limits, glossary, script), [original, translated, durationMs, isPending, limits, glossary, script])
  const field = (name: EditableField, value: string, label: string, placeholder?: string) => (
    <div className="relative">
      <AutosizeTextarea
        value={value}
        aria-label={label}
        placeholder={placeholder}
        data-field={name}
        spellCheck={name === 'translatedText'}
        // The server refuses edits of a row the worker has not translated yet.
        readOnly={isPending || !isHydrated}
        aria-invalid={name === 'translatedText' && quality.flags.length > 0 ? true : undefined}
        onChange={(event) => handlers.onChange(id, name, event.target.value)}
        onBlur={() => handlers.onLeave(id)}
        className={TEXT}
      />
      {highlights?.field === name && <Highlights text={value} ranges={highlights.ranges} />}
    </div>
  )
  const onClick = (event: MouseEvent) => handlers.onSelect(index, { shift: event.shiftKey, toggle: event.ctrlKey || event.metaKey })
  return (
    <div
      tabIndex={isActive ? 0 : -1}
      aria-label={t('label', { id })}
      aria-current={isActive || undefined}
      data-selected={isSelected || undefined}
      data-row={id}
      data-testid="segment-row"
      data-flags={quality.flags.join(' ') || undefined}
      data-playing={isPlaying || undefined}
      onFocus={() => !isActive && handlers.onActivate(index)}
      onMouseDown={() => !isActive && handlers.onActivate(index)}
      onClick={onClick}
      className={cn(
        ROW_GRID,
        'border-b border-border px-4 py-1.5 outline-none md:px-6',
        isSelected ? 'bg-brand-subtle' : isPlaying ? 'bg-info-subtle' : isActive ? 'bg-brand-subtle/60' : 'bg-surface hover:bg-surface-2/40',
        isActive && 'shadow-[inset_3px_0_0_var(--brand)]',
        isPlaying && !isActive && 'shadow-[inset_3px_0_0_var(--info)]',
        'focus-visible:shadow-[inset_3px_0_0_var(--brand),inset_0_0_0_2px_var(--brand)]',
      )}
    >
      <div className="tabular flex flex-col items-start gap-1 pt-1 text-xs font-medium text-subtle">
        {id}
        {isSelected && <span className="sr-only">{tx('selected')}</span>}
        <SpeakerChips labels={segment.speakers} names={speakerNames} />
      </div>
      <div className="tabular flex flex-col gap-0.5 pt-1 text-xs leading-tight text-muted max-md:flex-row max-md:gap-1.5">
        <button
          type="button"
          onClick={(event) => {
            event.stopPropagation()
            handlers.onSeek(id)
          }}
          aria-label={tx('seek', { id, time: shortTime(segment.startTime) })}
          data-testid="segment-seek"
          className="-mx-1 w-fit rounded px-1 text-left text-muted hover:bg-surface-2 hover:text-brand focus-visible:ring-2 focus-visible:ring-brand focus-visible:outline-none"
        >
          {shortTime(segment.startTime)}
        </button>
        <span className="text-subtle max-md:before:mr-1.5 max-md:before:content-['→']">{shortTime(segment.endTime)}</span>
        <span className="mt-1 max-md:mt-0 max-md:ml-auto">
          <RowState edit={edit} onRetry={() => handlers.onLeave(id)} />
        </span>
        {!edit && <TranslatedByBadge by={segment.translatedBy} />}
      </div>
      <div className="col-span-3 md:col-span-1">{field('originalText', original, t('original', { id }))}</div>
      <div className="col-span-3 md:col-span-1">
        {field('translatedText', translated, t('translated', { id }), isPending ? t('pending') : t('untranslated'))}
        <QualityFlags quality={quality} limits={limits} id={id} onConvert={() => handlers.onConvertScript(id)} />
        {segment.firstTranslation != null && (
          <ReviewedNote
            first={segment.firstTranslation}
            current={translated}
            onRestore={() => {
              handlers.onChange(id, 'translatedText', segment.firstTranslation ?? '')
              handlers.onLeave(id)
            }}
          />
        )}
      </div>
      <div className="col-start-3 row-start-1 flex flex-wrap items-start justify-end gap-0.5 md:col-start-auto md:row-start-auto">
        <IconButton label={t('open', { id })} onClick={() => handlers.onOpen(id)} testId="segment-open">
          <svg viewBox="0 0 16 16" fill="none" aria-hidden="true" className="size-4">
            <path d="M9.5 2.5h4v4M13.5 2.5 8 8M6.5 3.5h-3v9h9v-3" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </IconButton>
        {handlers.onRetranslate && (
          <IconButton label={t('retranslate', { id })} onClick={() => handlers.onRetranslate?.(id)} testId="segment-retranslate" isBusy={isRetranslating} isDisabled={isTaskTranslating}>
            {isRetranslating ? (
              <MiniSpinner className="size-4 text-brand" />
            ) : (
              <svg viewBox="0 0 16 16" fill="none" aria-hidden="true" className="size-4">
                <path d="M13.5 8a5.5 5.5 0 1 1-1.6-3.9M13.5 2.5v3h-3" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            )}
          </IconButton>
        )}
        {handlers.onReview && (
          <IconButton label={tr('action', { id })} onClick={() => handlers.onReview?.(id)} testId="segment-review" isBusy={isReviewing} isDisabled={isTaskTranslating || isPending || !segment.translatedText}>
            {isReviewing ? (
              <MiniSpinner className="size-4 text-brand" />
            ) : (
              <svg viewBox="0 0 16 16" fill="none" aria-hidden="true" className="size-4">
                <circle cx="7" cy="7" r="4.25" stroke="currentColor" strokeWidth="1.5" />
                <path d="m5.25 7 1.25 1.25 2.25-2.5M10.25 10.25l3.25 3.25" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            )}
          </IconButton>
        )}
      </div>
    </div>
  )
}

/** One segment; memoized so typing or polling re-renders only the rows whose data changed. */
export const SegmentRow = memo(SegmentRowView)
