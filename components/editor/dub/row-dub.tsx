'use client'

import { useTranslations } from 'next-intl'
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react'
import { toast } from 'sonner'
import { cn } from '@/components/ui/cn'
import { errorText } from '@/lib/client/api'
import { dubAudioUrl, useDubReport, useFinishedDub, useRespeakDub, type DubReportLine } from '@/lib/client/dubs'
import type { TaskSegment } from '@/lib/client/tasks'
import { useEditorStoreApi } from '../state/editor-store-context'

type RowDubs = {
  /** Each dubbed line's report row, by segment id. */
  byRow: ReadonlyMap<number, DubReportLine>
  /** The line whose dub plays now. */
  playingId: number | null
  play: (id: number) => void
  /** Speaks again the lines edited since the dub (and those the service failed): charged for those only. */
  respeak: () => void
  /** The dub is being made again: its lines cannot be played meanwhile. */
  isRunning: boolean
}

const RowDubContext = createContext<RowDubs | null>(null)
export const RowDubProvider = RowDubContext.Provider

// Each row's own digest, kept per segment object: an edit replaces one row's object, so a new
// digest of a long file costs one row's hashing and a pass over the others' numbers.
const rowDigests = new WeakMap<TaskSegment, number>()

function rowDigest(segment: TaskSegment): number {
  let hash = rowDigests.get(segment)
  if (hash !== undefined) return hash
  hash = 0x811c9dc5
  const text = `${segment.id}\u0000${segment.translatedText ?? ''}\u0001`
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  rowDigests.set(segment, hash)
  return hash
}

/** A short digest of the lines' texts: the report is asked again when one is edited. */
function textsVersion(segments: readonly TaskSegment[]): string {
  let hash = 0x811c9dc5
  for (const s of segments) hash = Math.imul(hash ^ rowDigest(s), 0x01000193)
  return (hash >>> 0).toString(36)
}

/**
 * The rows' side of the task's dub: each line's speed factor and flag from the dub's report, its
 * dub played alone from its row, and the edited lines spoken again. One player for every row: a
 * line plays from its start for as long as it was spoken, pausing the editor's video first.
 */
export function useRowDubs(taskId: string, segments: readonly TaskSegment[], { enabled }: { enabled: boolean }): RowDubs {
  const t = useTranslations('dub.row')
  const store = useEditorStoreApi()
  const { dub, isRunning } = useFinishedDub(taskId, { enabled })
  const version = useMemo(() => textsVersion(segments), [segments])
  const report = useDubReport(taskId, enabled ? dub : null, version)
  const { mutate: mutateRespeak, isPending: isRespeakAsked } = useRespeakDub(taskId)
  const [playingId, setPlaying] = useState<number | null>(null)
  const player = useRef<HTMLAudioElement | null>(null)
  const byRow = useMemo(() => new Map((report.data ?? []).map((line) => [line.segmentId, line])), [report.data])

  useEffect(() => () => player.current?.pause(), [])

  const play = useCallback(
    (id: number) => {
      const line = byRow.get(id)
      const audio = (player.current ??= new Audio())
      audio.pause()
      if (!dub || !line || playingId === id) return setPlaying(null)
      const { playback, player: editorPlayer } = store.getState()
      if (playback.isPlaying) editorPlayer?.togglePlay()
      const src = `${dubAudioUrl(taskId, dub.id, 'voices')}&v=${encodeURIComponent(dub.completedAt ?? '')}`
      if (audio.src !== new URL(src, location.href).href) audio.src = src
      const endS = (line.startMs + Math.max(line.spokenMs, 400) + 120) / 1000
      const stop = () => {
        if (audio.currentTime < endS && !audio.paused) return
        audio.pause()
        audio.removeEventListener('timeupdate', stop)
        audio.removeEventListener('pause', stop)
        setPlaying((current) => (current === id ? null : current))
      }
      audio.addEventListener('timeupdate', stop)
      audio.addEventListener('pause', stop)
      audio.currentTime = line.startMs / 1000
      setPlaying(id)
      void audio.play().catch(() => setPlaying(null))
    },
    [byRow, dub, playingId, store, taskId],
  )

  const respeak = useCallback(() => {
    if (!dub) return
    mutateRespeak(dub.id, { onSuccess: () => toast.success(t('respeakStarted')), onError: (error) => toast.error(errorText(error, t('respeakFailed'))) })
  }, [dub, mutateRespeak, t])

  const isBusy = isRunning || isRespeakAsked
  return useMemo(() => ({ byRow, playingId, play, respeak, isRunning: isBusy }), [byRow, playingId, play, respeak, isBusy])
}

const factorText = (factor: number) => factor.toFixed(2)

/** A row's dub: play its line as dubbed, its speed factor and flag, and "Speak again" once its text was edited. */
export function RowDub({ segmentId }: { segmentId: number }) {
  const t = useTranslations('dub.row')
  const dubs = useContext(RowDubContext)
  const line = dubs?.byRow.get(segmentId)
  if (!dubs || !line) return null
  const isPlaying = dubs.playingId === segmentId
  const tags: { key: string; text: string; hint: string; tone: 'muted' | 'warning' | 'danger' }[] = []
  if (line.speedFactor > 1.004) tags.push({ key: 'speed', text: t('speed', { factor: factorText(line.speedFactor) }), hint: t('speedHint', { factor: factorText(line.speedFactor) }), tone: line.speedFactor > 1.2 ? 'warning' : 'muted' })
  if (line.stretched) tags.push({ key: 'stretched', text: t('stretched'), hint: t('stretchedHint'), tone: 'muted' })
  if (line.shortened > 0) tags.push({ key: 'shortened', text: t('shortened'), hint: t('shortenedHint'), tone: 'warning' })
  if (line.flag === 'too_long') tags.push({ key: 'too_long', text: t('tooLong'), hint: t('tooLongHint'), tone: 'danger' })
  if (line.flag === 'failed') tags.push({ key: 'failed', text: t('failed'), hint: t('failedHint'), tone: 'danger' })
  const isStale = line.edited || line.flag === 'failed'
  return (
    <div className="mt-1 flex flex-wrap items-center gap-1 px-2" aria-label={t('label', { id: segmentId })} role="group" data-testid="row-dub" data-edited={line.edited || undefined}>
      <button
        type="button"
        onClick={(event) => {
          event.stopPropagation()
          dubs.play(segmentId)
        }}
        disabled={dubs.isRunning || line.flag === 'failed'}
        aria-pressed={isPlaying}
        aria-label={isPlaying ? t('stop') : t('play', { id: segmentId })}
        title={isPlaying ? t('stop') : t('play', { id: segmentId })}
        data-testid="row-dub-play"
        className="inline-flex h-5 items-center gap-1 rounded bg-brand-subtle px-1.5 text-[11px] leading-4 font-medium text-brand transition-colors hover:bg-brand hover:text-brand-fg focus-visible:ring-2 focus-visible:ring-brand focus-visible:outline-none disabled:opacity-50"
      >
        {isPlaying ? (
          <svg viewBox="0 0 16 16" aria-hidden="true" className="size-2.5 fill-current">
            <rect x="3.5" y="3.5" width="9" height="9" rx="1" />
          </svg>
        ) : (
          <svg viewBox="0 0 16 16" aria-hidden="true" className="size-2.5 fill-current">
            <path d="M4.5 2.8v10.4a.6.6 0 0 0 .9.5l8.3-5.2a.6.6 0 0 0 0-1L5.4 2.3a.6.6 0 0 0-.9.5Z" />
          </svg>
        )}
        {t('dub')}
      </button>
      <ul className="contents">
        {tags.map((tag) => (
          <li
            key={tag.key}
            title={tag.hint}
            data-testid="row-dub-flag"
            data-flag={tag.key}
            className={cn('rounded px-1.5 py-px text-[11px] leading-4 font-medium tabular-nums', tag.tone === 'danger' ? 'bg-danger-subtle text-danger' : tag.tone === 'warning' ? 'bg-warning-subtle text-warning' : 'bg-surface-2 text-muted')}
          >
            {tag.text}
            <span className="sr-only"> · {tag.hint}</span>
          </li>
        ))}
      </ul>
      {isStale && (
        <button
          type="button"
          onClick={(event) => {
            event.stopPropagation()
            dubs.respeak()
          }}
          disabled={dubs.isRunning}
          title={t('respeakHint')}
          data-testid="row-dub-respeak"
          className="inline-flex h-5 items-center gap-1 rounded border border-brand/40 px-1.5 text-[11px] leading-4 font-medium text-brand transition-colors hover:bg-brand-subtle focus-visible:ring-2 focus-visible:ring-brand focus-visible:outline-none disabled:opacity-60"
        >
          {dubs.isRunning ? t('respeaking') : line.edited ? t('respeakEdited') : t('respeak')}
        </button>
      )}
    </div>
  )
}
