'use client'

import { useTranslations } from 'next-intl'
import { useEffect, useState, type Ref } from 'react'
import { cn } from '@/components/ui/cn'
import { dubAudioUrl, useFinishedDub, type DubDto } from '@/lib/client/dubs'

/** What the preview sounds like: the video's own sound, the dub alone, or the dub over the original. */
export type DubSound = 'original' | 'dub' | 'both'

/** The track played for a choice: the voices alone, or the mix (the voices over the original, ducked). */
export const dubTrackOf = (dub: DubDto, sound: DubSound): 'voices' | 'mix' => (sound === 'both' && dub.withOriginal ? 'mix' : 'voices')

/**
 * The preview's dub: the task's finished dub, the sound chosen, and the track to play. "Dub +
 * original" plays the server's mix (the video then muted) or, for a dub of the voices alone, the
 * voices over the video's own sound, mixed live by the browser. Without a video open, the dub itself
 * is the pane's player, and the lines follow it.
 */
export function useDubPreview(taskId: string | undefined, { hasVideo }: { hasVideo: boolean }) {
  const { dub, isRunning } = useFinishedDub(taskId ?? '', { enabled: Boolean(taskId) })
  const [chosen, setSound] = useState<DubSound>('original')
  // Without a video the dub is what plays: there is no original sound to choose.
  const sound = !dub ? 'original' : !hasVideo && chosen === 'original' ? 'dub' : chosen
  const track = dub && sound !== 'original' ? dubTrackOf(dub, sound) : null
  // The dub's completion in the address: a re-spoken dub is fetched afresh, not from the player's cache.
  const src = dub && track ? `${dubAudioUrl(taskId!, dub.id, track)}&v=${encodeURIComponent(dub.completedAt ?? '')}` : null
  return { dub, isRunning, sound, setSound, src, isVideoMuted: track === 'voices' ? sound === 'dub' : track === 'mix' }
}

export type DubPreview = ReturnType<typeof useDubPreview>

const SOUNDS: DubSound[] = ['original', 'dub', 'both']

/** The preview's sound switch: Original, Dub, Dub + original (shown once the task has a finished dub). */
export function DubSoundSwitch({ preview, hasVideo }: { preview: DubPreview; hasVideo: boolean }) {
  const t = useTranslations('dub.preview')
  if (!preview.dub) return preview.isRunning ? <span className="text-xs text-muted" data-testid="dub-sound-updating">{t('updating')}</span> : null
  // Without a video there is no original to hear but the mix's.
  const sounds = hasVideo ? SOUNDS : SOUNDS.filter((s) => s !== 'original' && (s !== 'both' || preview.dub?.withOriginal))
  return (
    <div role="radiogroup" aria-label={t('label')} className="inline-flex rounded-md border border-border p-0.5" data-testid="dub-sound">
      {sounds.map((s) => (
        <button
          key={s}
          type="button"
          role="radio"
          aria-checked={preview.sound === s}
          onClick={() => preview.setSound(s)}
          data-testid={`dub-sound-${s}`}
          className={cn(
            'inline-flex items-center gap-1 rounded px-2 py-0.5 text-xs transition-colors focus-visible:ring-2 focus-visible:ring-brand focus-visible:outline-none',
            preview.sound === s ? 'bg-brand text-brand-fg' : 'text-muted hover:text-fg',
          )}
        >
          {s !== 'original' && (
            <svg viewBox="0 0 16 16" fill="none" aria-hidden="true" className="size-3">
              <path d="M6 2.5h4v6a2 2 0 0 1-4 0zM3.5 7.5a4.5 4.5 0 0 0 9 0M8 12v1.5" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          )}
          {t(s)}
        </button>
      ))}
    </div>
  )
}

/** Past this much apart, the dub is put back on the video's time (about two video frames). */
const DRIFT_S = 0.08

/**
 * Keeps `audio` (the dub) on `video`'s time while a dub sound is chosen: it plays, pauses, seeks and
 * changes speed with the video, and is put back on its time when it drifts more than 80 ms or the
 * video stalls; the video is muted while the dub replaces its sound and as it was after.
 */
export function useDubFollowsVideo({ video, audio, src, isVideoMuted }: { video: HTMLVideoElement | null; audio: HTMLAudioElement | null; src: string | null; isVideoMuted: boolean }) {
  useEffect(() => (video && audio && src ? followVideo(video, audio, isVideoMuted) : undefined), [video, audio, src, isVideoMuted])
}

/** Starts `audio` following `video`; answers the stop. */
function followVideo(video: HTMLVideoElement, audio: HTMLAudioElement, isVideoMuted: boolean): () => void {
  const wasMuted = video.muted
  video.muted = isVideoMuted
  const align = () => {
    if (!audio.seeking && Math.abs(audio.currentTime - video.currentTime) > DRIFT_S) audio.currentTime = video.currentTime
  }
  const play = () => {
    audio.playbackRate = video.playbackRate
    align()
    // Past the dub's end there is nothing to play: the video goes on alone.
    if (Number.isNaN(audio.duration) || video.currentTime < audio.duration) void audio.play().catch(() => {})
  }
  const hold = () => {
    audio.pause()
    align()
  }
  const seek = () => {
    audio.currentTime = video.currentTime
  }
  const rate = () => {
    audio.playbackRate = video.playbackRate
  }
  const check = () => {
    if (video.paused || video.seeking || video.readyState < 3) return
    if (audio.paused) play()
    else align()
  }
  const events: [string, () => void][] = [['play', play], ['playing', play], ['pause', hold], ['waiting', () => audio.pause()], ['seeking', seek], ['seeked', seek], ['ratechange', rate], ['timeupdate', check]]
  for (const [name, listener] of events) video.addEventListener(name, listener)
  const timer = setInterval(check, 250)
  if (video.paused) seek()
  else play()
  return () => {
    for (const [name, listener] of events) video.removeEventListener(name, listener)
    clearInterval(timer)
    audio.pause()
    video.muted = wasMuted
  }
}

/** The dub's player element: hidden while it follows a video, the pane's own player when there is none. */
export function DubAudio({ src, audioRef, hasControls }: { src: string; audioRef: Ref<HTMLAudioElement>; hasControls: boolean }) {
  const t = useTranslations('dub.preview')
  return <audio ref={audioRef} src={src} preload="auto" controls={hasControls} aria-label={t('player')} data-testid="dub-preview-audio" className={hasControls ? 'w-full' : 'hidden'} />
}

/** Without a video: the dub as the pane's player, the lines following it as they would the video. */
export function DubAlone({ preview, audioRef }: { preview: DubPreview; audioRef: Ref<HTMLAudioElement> }) {
  const t = useTranslations('dub.preview')
  if (!preview.src) return null
  return (
    <div className="mt-2 w-full max-w-sm space-y-2 rounded-lg border border-border bg-surface px-3 py-2.5 text-left" data-testid="dub-alone">
      <div className="flex items-center justify-between gap-2">
        <p className="text-xs font-medium text-fg">{t('alone')}</p>
        <DubSoundSwitch preview={preview} hasVideo={false} />
      </div>
      <DubAudio src={preview.src} audioRef={audioRef} hasControls />
      <p className="text-xs text-muted">{t('aloneHint')}</p>
    </div>
  )
}
