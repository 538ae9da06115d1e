'use client'

import { useTranslations } from 'next-intl'
import { forwardRef, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import type { ReviewView } from '@/lib/client/reviews'
import { parseTime } from '@/lib/subtitles/time'

type Line = ReviewView['segments'][number]

export type ReviewVideoHandle = {
  /** Jumps to a moment (ms); false when no video is open. */
  seek: (ms: number) => boolean
}

type Props = {
  segments: readonly Line[]
  /** The line on screen changed; `follow` asks the list to keep it in view. */
  onCue: (id: number | null, follow: boolean) => void
  onHide: () => void
}

/** The line shown at `ms` (the latest-starting one when lines overlap), or null. */
function lineAt(cues: readonly { id: number; start: number; end: number }[], ms: number): number | null {
  let found: number | null = null
  for (const cue of cues) {
    if (cue.start > ms) break
    if (cue.end > ms) found = cue.id
  }
  return found
}

/**
 * The reviewer's own copy of the video, played from their computer as the editor's preview does
 * (an object URL: the file never leaves the machine), with the line on screen written over it.
 */
export const ReviewVideo = forwardRef<ReviewVideoHandle, Props>(function ReviewVideo({ segments, onCue, onHide }, ref) {
  const t = useTranslations('review.video')
  const video = useRef<HTMLVideoElement>(null)
  const input = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<{ url: string; name: string } | null>(null)
  const [currentId, setCurrentId] = useState<number | null>(null)
  const [isBroken, setBroken] = useState(false)
  const cues = useMemo(() => segments.map((s) => ({ id: s.id, start: parseTime(s.startTime) ?? 0, end: parseTime(s.endTime) ?? 0 })).sort((a, b) => a.start - b.start || a.id - b.id), [segments])
  const latest = useRef({ cues, onCue, currentId })
  useEffect(() => {
    latest.current = { cues, onCue, currentId }
  })

  useImperativeHandle(ref, () => ({
    seek(ms) {
      if (!video.current || !file) return false
      video.current.currentTime = ms / 1000
      return true
    },
  }))

  // The object URL lives as long as its file is open.
  useEffect(() => () => void (file && URL.revokeObjectURL(file.url)), [file])

  useEffect(() => {
    const node = video.current
    if (!node) return
    const sync = () => {
      const id = lineAt(latest.current.cues, node.currentTime * 1000)
      if (id === latest.current.currentId) return
      latest.current.currentId = id
      setCurrentId(id)
      latest.current.onCue(id, !node.paused)
    }
    node.addEventListener('timeupdate', sync)
    node.addEventListener('seeked', sync)
    return () => {
      node.removeEventListener('timeupdate', sync)
      node.removeEventListener('seeked', sync)
    }
  }, [file])

  const line = currentId === null ? null : segments.find((s) => s.id === currentId)
  const text = line ? (line.translatedText ?? line.originalText) : ''

  return (
    <section aria-label={t('title')} data-testid="review-video" className="flex shrink-0 flex-col border-border bg-surface-2/40 max-md:border-b md:w-[min(42%,600px)] md:border-r">
      <div className="flex items-center gap-2 border-b border-border bg-surface px-3 py-2">
        <h2 className="mr-auto truncate text-xs font-semibold text-fg" title={file?.name}>
          {file?.name ?? t('title')}
        </h2>
        {file && (
          <Button size="sm" variant="ghost" onClick={() => input.current?.click()}>
            {t('change')}
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={onHide} aria-label={t('hide')} title={t('hide')} className="px-2">
          <svg viewBox="0 0 16 16" fill="none" aria-hidden="true" className="size-4">
            <path d="m4 4 8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
          </svg>
        </Button>
        <input
          ref={input}
          type="file"
          accept="video/*,.mkv,.webm,.mp4,.mov"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="review-video-input"
          onChange={(e) => {
            const picked = e.target.files?.[0]
            if (!picked) return
            setBroken(false)
            setFile({ url: URL.createObjectURL(picked), name: picked.name })
          }}
        />
      </div>
      {file ? (
        <>
          <div className="relative bg-black">
            <video ref={video} src={file.url} controls playsInline aria-label={t('player')} data-testid="review-video-player" onError={() => setBroken(true)} className="mx-auto block aspect-video max-h-[38dvh] w-full md:max-h-[calc(100dvh-16rem)]" />
            {text && (
              <p className="pointer-events-none absolute inset-x-4 bottom-[4.5rem] text-center text-base leading-snug font-medium whitespace-pre-line text-white [text-shadow:0_0_3px_#000,0_1px_2px_#000]" data-testid="review-video-line">
                {text}
              </p>
            )}
            {isBroken && <p className="absolute inset-x-0 top-1/2 px-6 text-center text-sm text-white">{t('unsupported')}</p>}
          </div>
          <p className="tabular px-3 py-2 text-xs text-muted">{line ? `${t('line', { id: line.id })} · ${line.startTime} → ${line.endTime}` : t('noLine')}</p>
        </>
      ) : (
        <div className="flex aspect-video max-h-[38dvh] w-full flex-col items-center justify-center gap-3 bg-surface-2/60 px-6 text-center md:aspect-auto md:max-h-none md:flex-1">
          <svg viewBox="0 0 24 24" fill="none" aria-hidden="true" className="size-8 text-subtle">
            <path d="M3 6.5h12v11H3zM15 10.5l6-3.5v10l-6-3.5" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
          </svg>
          <p className="max-w-sm text-sm text-muted">{t('empty')}</p>
          <Button size="sm" onClick={() => input.current?.click()} data-testid="review-video-open">
            {t('open')}
          </Button>
        </div>
      )}
    </section>
  )
})
