'use client'

import { useTranslations } from 'next-intl'
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { cn } from '@/components/ui/cn'
import type { TaskSegment } from '@/lib/client/tasks'
import { buildTimeline, cueAt } from '../timeline/cue-timeline'
import { shownText, type Edits } from '../drafts'
import { visibleLines } from '../quality/quality'
import { useEditorStore, useEditorStoreApi } from '../state/editor-store-context'
import { usePreviewSpec, VideoSubtitleCanvas } from '@/components/video-export'
import { DubAlone, DubAudio, DubSoundSwitch, useDubFollowsVideo, useDubPreview } from '../dub/dub-preview'

export type OverlayMode = 'translation' | 'original' | 'both'

type Props = {
  /** A transcription's recording on the server (GET /api/tasks/{id}/audio), offered beside a local video. */
  recordingUrl?: string
  segments: TaskSegment[]
  edits: Edits
  /** The cue on screen changed (it is in the store's playback); `follow` asks the list to keep it in view. */
  onCurrentCue: (id: number | null, follow: boolean) => void
  onHide: () => void
  /** A transcription's id: its recogniser's words time the word-highlight style as in the export. */
  taskId?: string
  /** An ASS task: previewed with its own styles and override tags, drawn by libass as the export burns it. */
  ass?: { taskId: string; language: string }
  /** A task that can be dubbed: its finished dub plays with the video (or alone, without one). */
  dubOf?: string
  /** The transport under the picture (play, frames, speed, the active cue's timing: keys/transport-bar.tsx), shown while a video is open. */
  transport?: ReactNode
}

const MODES: OverlayMode[] = ['translation', 'original', 'both']

/**
 * Plays a video file of the user's computer (an object URL: the file never leaves the machine)
 * with the editor's current subtitles drawn over it as the video export burns them (an ASS task in
 * its own styles, through libass), drafts included, so a fix shows at once.
 */
export function VideoPane({ segments, edits, onCurrentCue, onHide, recordingUrl, taskId, ass, dubOf, transport }: Props) {
  const t = useTranslations('editor.video')
  const store = useEditorStoreApi()
  const video = useRef<HTMLVideoElement>(null)
  const input = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<{ url: string; name: string; file?: File } | null>(null)
  const [mode, setMode] = useState<OverlayMode>('translation')
  const [follow, setFollow] = useState(true)
  const [isBroken, setBroken] = useState(false)
  const dub = useDubPreview(dubOf, { hasVideo: file !== null })
  const [dubAudio, setDubAudio] = useState<HTMLAudioElement | null>(null)
  const [videoNode, setVideoNode] = useState<HTMLVideoElement | null>(null)
  const attachVideo = useCallback((node: HTMLVideoElement | null) => {
    video.current = node
    setVideoNode(node)
  }, [])
  useDubFollowsVideo({ video: file ? videoNode : null, audio: dubAudio, src: dub.src, isVideoMuted: dub.isVideoMuted })
  // What the editor plays: the video, or without one the dub itself (the lines then follow it).
  const leader: HTMLMediaElement | null = file ? videoNode : dub.src ? dubAudio : null
  const currentId = useEditorStore((s) => s.playback.cueId)
  const timeline = useMemo(() => buildTimeline(segments), [segments])
  const latest = useRef({ timeline, follow, onCurrentCue })
  useEffect(() => {
    latest.current = { timeline, follow, onCurrentCue }
  })

  // The editor drives the video (or the dub playing alone) through the store while one is open here.
  useEffect(() => {
    if (!leader) return
    const node = () => leader
    store.getState().attachPlayer({
      seek(ms) {
        const open = node()
        if (!open) return false
        open.currentTime = Math.max(0, ms) / 1000
        return true
      },
      togglePlay() {
        const open = node()
        if (!open) return false
        if (open.paused) void open.play().catch(() => {})
        else open.pause()
        return true
      },
      pause() {
        const open = node()
        if (!open) return false
        open.pause()
        return true
      },
      now: () => {
        const open = node()
        return open ? open.currentTime * 1000 : null
      },
      setRate(rate) {
        const open = node()
        if (!open) return false
        open.playbackRate = rate
        open.defaultPlaybackRate = rate
        return true
      },
      file: () => file?.file ?? null,
    })
    return () => store.getState().attachPlayer(null)
  }, [file, store, leader])

  // The object URL lives as long as its file is open.
  useEffect(() => () => void (file?.url.startsWith('blob:') && URL.revokeObjectURL(file.url)), [file])

  // Timeupdate fires a few times a second; while playing, every frame keeps the overlay exact.
  useEffect(() => {
    const node = leader
    if (!node) return
    let frame = 0
    const sync = () => {
      const { timeline: cues, follow: isFollowing, onCurrentCue: report } = latest.current
      const { playback, setPlayback } = store.getState()
      const timeMs = node.currentTime * 1000
      const id = cueAt(cues, timeMs)
      setPlayback({ timeMs, isPlaying: !node.paused })
      if (id !== playback.cueId) {
        setPlayback({ cueId: id })
        report(id, isFollowing && !node.paused)
      }
    }
    const loop = () => {
      sync()
      if (!node.paused) frame = requestAnimationFrame(loop)
    }
    const onPlay = () => {
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(loop)
    }
    // A new file plays at the speed chosen; a speed changed on the video's own controls is the editor's.
    const onRate = () => store.getState().setPlayback({ rate: node.playbackRate })
    const onLoaded = () => {
      node.playbackRate = node.defaultPlaybackRate = store.getState().playback.rate
      sync()
    }
    const listeners = { timeupdate: sync, seeked: sync, play: onPlay, pause: sync, ratechange: onRate, loadedmetadata: onLoaded }
    for (const [event, listener] of Object.entries(listeners)) node.addEventListener(event, listener)
    return () => {
      cancelAnimationFrame(frame)
      for (const [event, listener] of Object.entries(listeners)) node.removeEventListener(event, listener)
    }
  }, [leader, store])

  const segment = currentId === null ? null : (segments.find((s) => s.id === currentId) ?? null)
  const lines = (field: 'originalText' | 'translatedText') => (segment ? visibleLines(shownText(segment, edits[segment.id], field)).filter(Boolean) : [])
  const rows = useMemo(
    () => segments.map((s) => ({ id: s.id, startTime: s.startTime, endTime: s.endTime, originalText: shownText(s, edits[s.id], 'originalText'), translatedText: shownText(s, edits[s.id], 'translatedText') })),
    [segments, edits],
  )
  const spec = usePreviewSpec({ rows, mode, wordsOf: taskId, ass })
  const overlay = mode === 'both' ? [...lines('originalText'), ...lines('translatedText')] : lines(mode === 'original' ? 'originalText' : 'translatedText')

  const open = (picked: File | undefined) => {
    if (!picked) return
    setBroken(false)
    setFile({ url: URL.createObjectURL(picked), name: picked.name, file: picked })
  }

  return (
    // Beside the rows the picture takes the height the bars under it leave (the timeline sits below
    // both), letterboxed; the pane scrolls only when even that is too little.
    <section aria-label={t('title')} data-testid="video-pane" className="flex shrink-0 flex-col border-border bg-surface-2/40 max-md:border-b md:min-h-0 md:w-[min(44%,640px)] md:overflow-y-auto md:border-r">
      <div className="flex flex-wrap items-center gap-2 border-b border-border bg-surface px-3 py-2">
        <h2 className={cn('mr-auto truncate text-xs font-semibold text-fg', !file && 'max-sm:sr-only')} title={file?.name}>
          {file?.name ?? t('title')}
        </h2>
        {file && (
          <Button size="sm" variant="ghost" onClick={() => input.current?.click()} data-testid="video-open">
            {t('change')}
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={onHide} aria-label={t('hide')} title={t('hide')} data-testid="video-hide" className="px-2">
          <svg viewBox="0 0 16 16" fill="none" aria-hidden="true" className="size-4">
            <path d="m4 4 8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
          </svg>
        </Button>
        <input ref={input} type="file" accept="video/*,.mkv,.webm,.mp4,.mov" className="sr-only" tabIndex={-1} aria-hidden="true" data-testid="video-input" onChange={(e) => open(e.target.files?.[0])} />
      </div>
      {file ? (
        <>
          <div className="group relative bg-black md:min-h-[9rem] md:flex-1">
            <video
              ref={attachVideo}
              src={file.url}
              controls
              playsInline
              aria-label={t('player')}
              data-testid="video"
              onError={() => setBroken(true)}
              className="mx-auto block aspect-video max-h-[38dvh] w-full md:absolute md:inset-0 md:aspect-auto md:h-full md:max-h-none"
            />
            <VideoSubtitleCanvas video={video} spec={spec} />
            {/* The cue's text for assistive technology; the canvas above draws it as the export will. */}
            {overlay.length > 0 && (
              <div className="sr-only" data-testid="video-overlay" aria-live="off">
                {overlay.map((line, i) => (
                  <span key={i}>{line}</span>
                ))}
              </div>
            )}
            {isBroken && <p className="absolute inset-x-0 top-1/2 px-6 text-center text-sm text-white">{t('unsupported')}</p>}
          </div>
          {dub.src && <DubAudio src={dub.src} audioRef={setDubAudio} hasControls={false} />}
          {transport}
          <div className="flex flex-wrap items-center justify-between gap-2 border-t border-border bg-surface px-3 py-2">
            <div role="radiogroup" aria-label={t('overlay')} className="inline-flex rounded-md border border-border p-0.5">
              {MODES.map((m) => (
                <button
                  key={m}
                  type="button"
                  role="radio"
                  aria-checked={mode === m}
                  onClick={() => setMode(m)}
                  data-testid={`overlay-${m}`}
                  className={cn(
                    'rounded px-2 py-0.5 text-xs transition-colors focus-visible:ring-2 focus-visible:ring-brand focus-visible:outline-none',
                    mode === m ? 'bg-brand text-brand-fg' : 'text-muted hover:text-fg',
                  )}
                >
                  {t(m === 'translation' ? 'overlayTranslation' : m === 'original' ? 'overlayOriginal' : 'overlayBoth')}
                </button>
              ))}
            </div>
            <DubSoundSwitch preview={dub} hasVideo />
            <label className="inline-flex items-center gap-1.5 text-xs text-muted">
              <input type="checkbox" checked={follow} onChange={(e) => setFollow(e.target.checked)} className="size-3.5 accent-[var(--brand)]" data-testid="video-follow" />
              {t('follow')}
            </label>
          </div>
          <p className="tabular px-3 py-2 text-xs text-muted" data-testid="video-cue">
            {segment ? `${t('cue', { id: segment.id })} · ${segment.startTime} → ${segment.endTime}` : t('noCue')}
          </p>
        </>
      ) : (
        <div className="flex aspect-video max-h-[38dvh] w-full flex-col items-center justify-center gap-3 bg-surface-2/60 px-6 text-center md:aspect-auto md:max-h-none md:flex-1">
          <svg viewBox="0 0 24 24" fill="none" aria-hidden="true" className="size-8 text-subtle">
            <path d="M3 6.5h12v11H3zM15 10.5l6-3.5v10l-6-3.5" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
          </svg>
          <p className="max-w-sm text-sm text-muted">{recordingUrl ? t('emptyWithAudio') : t('empty')}</p>
          <div className="flex flex-wrap justify-center gap-2">
            {recordingUrl && (
              <Button
                size="sm"
                onClick={() => {
                  setBroken(false)
                  setFile({ url: recordingUrl, name: t('recording') })
                }}
                data-testid="video-recording"
              >
                {t('playRecording')}
              </Button>
            )}
            <Button size="sm" variant={recordingUrl ? 'secondary' : undefined} onClick={() => input.current?.click()} data-testid="video-open">
              {recordingUrl ? t('openOriginal') : t('open')}
            </Button>
          </div>
          {dub.dub && <DubAlone preview={dub} audioRef={setDubAudio} />}
        </div>
      )}
    </section>
  )
}
