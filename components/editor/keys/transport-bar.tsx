'use client'

import { useTranslations } from 'next-intl'
import { useCallback, useEffect, useRef, type ReactNode } from 'react'
import { cn } from '@/components/ui/cn'
import { formatMs } from '@/lib/subtitles/time'
import { frameAtOrBefore, frameToMs } from '@/lib/timing'
import { ToolbarButton } from '../screen/toolbar-text-button'
import { useEditorStore, useEditorStoreApi } from '../state/editor-store-context'
import { PLAYBACK_RATES, type TimingAction } from './keyboard'

type Props = {
  run: (action: TimingAction) => void
  /** Frames are counted at this rate (the video's, else the profile's). */
  fps: number
  /** The active cue's number, for the timing buttons' names. */
  activeId: number | null
  /** Times cannot change yet (the task translates): the timing buttons are off. */
  isLocked: boolean
}

/** A key as shown beside a button's name. */
export function Kbd({ children, className }: { children: ReactNode; className?: string }) {
  return <kbd className={cn('rounded border border-border bg-surface px-1 py-px font-sans text-[10px] leading-none text-muted shadow-[0_1px_0_var(--border)]', className)}>{children}</kbd>
}

function Round({ label, keys, onClick, testId, children, isMain }: { label: string; keys: string; onClick: () => void; testId: string; children: ReactNode; isMain?: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      aria-keyshortcuts={keys}
      title={`${label} (${keys.replaceAll('Arrow', '').replaceAll('Left', '←').replaceAll('Right', '→')})`}
      data-testid={testId}
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-md transition-colors focus-visible:ring-2 focus-visible:ring-brand focus-visible:outline-none',
        isMain ? 'size-9 bg-brand text-brand-fg hover:bg-brand/90' : 'size-8 text-muted hover:bg-surface-2 hover:text-fg',
      )}
    >
      <svg viewBox="0 0 16 16" fill="none" aria-hidden="true" className="size-4">
        {children}
      </svg>
    </button>
  )
}

const line = { stroke: 'currentColor', strokeWidth: 1.5, strokeLinecap: 'round', strokeLinejoin: 'round' } as const

/** The active cue's timing at the playhead: each action with its key, test id and icon. */
const CUE_ACTIONS = [
  { kind: 'setStart', keys: 'I', testId: 'transport-set-start', icon: 'M3.5 3v10M6 8h7M9.5 5 13 8l-3.5 3' },
  { kind: 'setEnd', keys: 'O', testId: 'transport-set-end', icon: 'M12.5 3v10M3 8h7M6.5 5 10 8l-3.5 3' },
  { kind: 'split', keys: 'S', testId: 'transport-split', icon: 'M8 2.5v11M2.5 5.5h3.5M2.5 10.5h3.5M10 5.5h3.5M10 10.5h3.5' },
  { kind: 'merge', keys: 'M', testId: 'transport-merge', icon: 'M2.5 5.5h4l2 2.5-2 2.5h-4M13.5 5.5h-4l-2 2.5 2 2.5h4' },
  { kind: 'readingSpeed', keys: 'D', testId: 'transport-reading-speed', icon: 'M8 14A6 6 0 1 0 8 2a6 6 0 0 0 0 12ZM8 5v3l2 1.5' },
] as const

/**
 * The playhead's time and frame, the one part of the bar that changes on every frame of playback:
 * written straight into its two lines from the store (as the timeline's clock is), so playing
 * renders no React tree per frame and a row's deferred render is never interrupted by it.
 */
function Playhead({ fps }: { fps: number }) {
  const t = useTranslations('editor.timing')
  const store = useEditorStoreApi()
  const time = useRef<HTMLSpanElement>(null)
  const frameLine = useRef<HTMLSpanElement>(null)
  const texts = useCallback(
    (timeMs: number) => {
      const frame = frameAtOrBefore(timeMs, fps)
      return { time: formatMs(frameToMs(frame, fps), '.'), frame: t('frameAt', { frame, fps: Number(fps.toFixed(3)) }) }
    },
    [fps, t],
  )
  useEffect(() => {
    const write = (timeMs: number) => {
      const next = texts(timeMs)
      if (time.current) {
        time.current.dataset.ms = String(Math.round(timeMs))
        if (time.current.textContent !== next.time) time.current.textContent = next.time
      }
      if (frameLine.current && frameLine.current.textContent !== next.frame) frameLine.current.textContent = next.frame
    }
    write(store.getState().playback.timeMs)
    return store.subscribe((state, before) => {
      if (state.playback.timeMs !== before.playback.timeMs) write(state.playback.timeMs)
    })
  }, [store, texts])
  // A render writes the time as it is then (the server's HTML, a new frame rate); the effect keeps it current.
  const now = store.getState().playback.timeMs
  const shown = texts(now)
  return (
    <p className="tabular min-w-[7.5rem] text-xs leading-tight" aria-label={t('playhead')}>
      <span ref={time} className="block font-medium text-fg" data-testid="transport-time" data-ms={Math.round(now)}>
        {shown.time}
      </span>
      <span ref={frameLine} className="block text-[11px] text-subtle">
        {shown.frame}
      </span>
    </p>
  )
}

/**
 * Under the picture: jumps of 5 s and 1 s, a frame back and on, play and pause, the speed and the
 * playhead (its time and frame), then the active cue's timing at the playhead (start, end, split,
 * merge with the next, its reading speed). Every button carries its key (`aria-keyshortcuts`,
 * shown beside its name); the keys do the same from anywhere outside a text box.
 */
export function TransportBar({ run, fps, activeId, isLocked }: Props) {
  const t = useTranslations('editor.timing')
  const isPlaying = useEditorStore((s) => s.playback.isPlaying)
  const rate = useEditorStore((s) => s.playback.rate)
  return (
    <div role="group" aria-label={t('transport')} className="border-t border-border bg-surface" data-testid="transport">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 px-3 py-1.5">
        <Playhead fps={fps} />
        <div className="mx-auto flex items-center gap-0.5">
          <Round label={t('back5')} keys="Shift+ArrowLeft" onClick={() => run({ kind: 'jump', ms: -5000 })} testId="transport-back5">
            <path d="M8 4 4 8l4 4M12.5 4l-4 4 4 4" {...line} />
          </Round>
          <Round label={t('back1')} keys="ArrowLeft" onClick={() => run({ kind: 'jump', ms: -1000 })} testId="transport-back1">
            <path d="M10 4 6 8l4 4" {...line} />
          </Round>
          <Round label={t('frameBack')} keys="," onClick={() => run({ kind: 'frame', delta: -1 })} testId="transport-frame-back">
            <path d="M4 3.5v9M12 4 7 8l5 4Z" {...line} />
          </Round>
          <Round label={isPlaying ? t('pause') : t('play')} keys="Space K" onClick={() => run({ kind: 'playPause' })} testId="transport-play" isMain>
            {isPlaying ? <path d="M5.5 4v8M10.5 4v8" {...line} strokeWidth={2} /> : <path d="M5.5 3.5v9l7-4.5Z" fill="currentColor" {...line} />}
          </Round>
          <Round label={t('frameForward')} keys="." onClick={() => run({ kind: 'frame', delta: 1 })} testId="transport-frame-forward">
            <path d="M12 3.5v9M4 4l5 4-5 4Z" {...line} />
          </Round>
          <Round label={t('forward1')} keys="ArrowRight" onClick={() => run({ kind: 'jump', ms: 1000 })} testId="transport-forward1">
            <path d="m6 4 4 4-4 4" {...line} />
          </Round>
          <Round label={t('forward5')} keys="Shift+ArrowRight" onClick={() => run({ kind: 'jump', ms: 5000 })} testId="transport-forward5">
            <path d="m3.5 4 4 4-4 4M8 4l4 4-4 4" {...line} />
          </Round>
        </div>
        <label className="inline-flex items-center gap-1.5 text-xs text-muted">
          <span className="sr-only">{t('speedLabel')}</span>
          <select
            value={String(rate)}
            onChange={(e) => run({ kind: 'rate', rate: Number(e.target.value) })}
            aria-keyshortcuts="[ ]"
            title={`${t('speedLabel')} ([ ])`}
            data-testid="transport-speed"
            className="tabular h-7 rounded-md border border-border bg-surface px-1.5 text-xs text-fg focus-visible:ring-2 focus-visible:ring-brand focus-visible:outline-none"
          >
            {PLAYBACK_RATES.map((r) => (
              <option key={r} value={String(r)}>
                {r}×
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="flex flex-wrap items-center gap-0.5 border-t border-border/70 px-2 py-1">
        <span className="tabular mr-1 rounded bg-surface-2 px-1.5 py-0.5 text-[11px] font-medium text-muted" title={activeId === null ? undefined : t('activeCue', { id: activeId })} data-testid="transport-cue">
          #{activeId ?? '–'}
        </span>
        {CUE_ACTIONS.map(({ kind, keys, testId, icon }) => (
          // The name for screen readers and the title; a short one and the key in view.
          <ToolbarButton key={kind} label={t(kind)} labelMode="aria" shortcut={keys} onClick={() => run({ kind })} testId={testId} isDisabled={isLocked || activeId === null}>
            <svg viewBox="0 0 16 16" fill="none" aria-hidden="true" className="size-4 shrink-0">
              <path d={icon} {...line} />
            </svg>
            <span aria-hidden="true">{t(`short.${kind}`)}</span>
            <Kbd>{keys}</Kbd>
          </ToolbarButton>
        ))}
      </div>
    </div>
  )
}
