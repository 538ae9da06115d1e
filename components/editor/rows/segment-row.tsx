'use client'

import { useTranslations } from 'next-intl'
import { memo, type MouseEvent } from 'react'
import { cn } from '@/components/ui/cn'
import { shortTime } from '@/lib/client/task-helpers'
import type { TaskSegment } from '@/lib/client/tasks'
import { AutosizeTextarea } from './autosize-textarea'
import { FitFlag } from '../quality/fit-flag'
import { ReviewedNote } from './reviewed-note'
import { RowReviewComments } from '../review/review-comments'
import { RowDub } from '../dub/row-dub'
import { SpeakerChips } from '../speakers/speaker-chip'
import { TranslatedByBadge } from './translated-by-badge'
import { shownText, type EditableField, type RowEdit } from '../drafts'
import type { FindField } from '../find/find'
import type { Span } from '@/lib/captions'
import type { GlossaryTerm, Limits, ScriptFlagCheck } from '../quality/quality'
import { Highlights, IconButton, MiniSpinner, RowState } from './row-parts'
import { QualityFlags, useRowQuality } from '../quality/row-quality'
import type { TimingRowFlag } from '../quality/timing-flags'

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
  /** The cue's timing flags under the task's profile (none: undefined). */
  timing?: readonly TimingRowFlag[]
  glossary: readonly GlossaryTerm[]
  script: ScriptFlagCheck | null
  /** Where the recording holds speech (a transcription's): a cue covering none is flagged. */
  speech?: readonly Span[] | null
  highlights: RowHighlights | undefined
  handlers: RowHandlers
  speakerNames?: Readonly<Record<string, string>>
}

/** The editor's grid: id, times, original, translation, actions (stacked on narrow screens). */
// The first column holds the cue's number and, in a task with speakers, their names: the list
// widens it then through --id-col (segment-list.tsx), so "Grace Hopper" is read whole.
export const ROW_GRID = 'grid grid-cols-[var(--id-col,2.75rem)_minmax(0,1fr)_auto] gap-x-3 gap-y-1.5 md:grid-cols-[var(--id-col,3rem)_5.25rem_minmax(0,1fr)_minmax(0,1fr)_4.5rem]'

const TEXT =
  'w-full rounded-md border border-transparent bg-transparent px-2 py-1 text-sm leading-relaxed text-fg transition-colors placeholder:text-subtle hover:border-border focus:border-brand focus:bg-surface focus:ring-2 focus:ring-brand/30 focus:outline-none'

const NO_NAMES: Readonly<Record<string, string>> = {}

function SegmentRowView({ segment, index, edit, isActive, isRetranslating, isReviewing = false, isTaskTranslating, isHydrated, isSelected, isPlaying, limits, timing, glossary, script, speech = null, highlights, handlers, speakerNames = NO_NAMES }: Props) {
  const t = useTranslations('editor.row')
  const tx = useTranslations('editor.rowExtra')
  const tr = useTranslations('editor.review')
  const id = segment.id
  const original = shownText(segment, edit, 'originalText')
  const translated = shownText(segment, edit, 'translatedText')
  // While the task translates, a row opens for editing as soon as its translation arrived.
  const isPending = isTaskTranslating && (segment.translatedText === null || segment.translatedText === undefined)
  const quality = useRowQuality(segment, { original, translated, isPending }, { limits, glossary, script, speech })
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
      data-flags={[...quality.flags, ...(timing ?? []).map((f) => (f.kind === 'gapTooSmall' ? 'gap' : f.kind))].join(' ') || undefined}
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
        <QualityFlags
          quality={quality}
          timing={timing}
          limits={limits}
          id={id}
          onConvert={() => handlers.onConvertScript(id)}
          extra={<FitFlag fit={segment.fit} isStillLong={quality.flags.some((flag) => flag === 'cps' || flag === 'lines' || flag === 'lineLength')} />}
        />
        <RowDub segmentId={id} />
        {segment.firstTranslation != null && (
          <ReviewedNote
            first={segment.firstTranslation}
            current={translated}
            isShortened={segment.fit === 'shortened' || segment.fit === 'over_shortened'}
            onRestore={() => {
              handlers.onChange(id, 'translatedText', segment.firstTranslation ?? '')
              handlers.onLeave(id)
            }}
          />
        )}
        <RowReviewComments segmentId={id} />
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
