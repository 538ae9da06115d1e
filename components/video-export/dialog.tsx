'use client'

import { useQuery } from '@tanstack/react-query'
import { useTranslations } from 'next-intl'
import { useCallback, useMemo, useRef, useState } from 'react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import type { ExportContent } from '@/lib/client/task-helpers'
import { taskKeys } from '@/lib/client/tasks'
import { EXPORT_CONTENT } from './ass-script'
import type { BurnQuality } from './burn'
import type { VideoEncoderCodec } from './capability'
import { toStyledCues, type CueSource } from './cues'
import { toSubtitleTracks } from './track-cues'
import { canStreamToDisk, estimateOutputBytes, fitsOutput, MEMORY_LIMIT_BYTES } from './output'
import { createRenderer, type RendererSpec } from './renderer-spec'
import type { TimedWord } from './styled-renderer'
import type { SubtitleStyle } from '@/lib/video/universal/styles'
import { useExportSupport } from './use-export-support'
import { useVideoExport } from './use-video-export'
import { BurnOutput } from './burn-output'
import { VideoExportPreview } from './preview'
import { formatBytes } from '@/lib/client/task-helpers'
import { BurnProgress } from './status'
import { Segmented, VideoExportStyle } from './style'
import { TrackOptions, TrackSummary } from './track-options'
import { AudioChoice, type AudioChoiceValue } from './audio-choice'
import type { ExportAudio } from './dub-audio'
import { languageTitle } from './track-cues'
import { dubAudioUrl, type DubDto } from '@/lib/client/dubs'
import { VideoExportUnsupported } from './unsupported'

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The video open in the editor's preview, if any. */
  paneFile: File | null
  isTranscription: boolean
  cues: CueSource[]
  words: TimedWord[]
  /** Language codes for track tags and file names: the translation's and the original's. */
  languages: { translation: string; original: string }
  hasTranslation: boolean
  style: SubtitleStyle
  onStyleChange: (style: SubtitleStyle) => void
  /** An export starts: the style is remembered for the creator's next one. */
  onExportStart?: () => void
  /** The task, for the subtitle files offered when this browser cannot make the video. */
  task: { id: string; fileName: string; targetLanguage: string }
  /** Saves pending edits before a subtitle file is made on the server. */
  beforeExport?: () => Promise<void>
  /** For a task made from an ASS file: its script with `content` (styles and override tags kept). */
  loadAss?: (content: ExportContent) => Promise<string>
  /** The task's finished dub, whose sound the video may take. */
  dub: DubDto | null
}

/** "Export video": the subtitles burned into the creator's video, or added as tracks, made in the browser. */
export function VideoExportDialog(props: Props) {
  const { open, onOpenChange, paneFile, isTranscription, cues, words, languages, hasTranslation, style, onStyleChange, onExportStart, task, beforeExport, loadAss, dub } = props
  const t = useTranslations('videoExport')
  const [kind, setKind] = useState<'burn' | 'tracks'>('burn')
  const [picked, setPicked] = useState<File | null>(null)
  const [chosenCodec, setCodec] = useState<VideoEncoderCodec>('avc')
  const [height, setHeight] = useState('original')
  const [quality, setQuality] = useState<BurnQuality>('high')
  const [container, setContainer] = useState<'mkv' | 'mp4'>('mkv')
  const [includeOriginal, setIncludeOriginal] = useState(true)
  const [isAssLook, setAssLook] = useState(Boolean(loadAss))
  const [dims, setDims] = useState<{ width: number; height: number } | null>(null)
  const input = useRef<HTMLInputElement>(null)
  const job = useVideoExport()
  const [audioChoice, setAudioChoice] = useState<AudioChoiceValue>('original')
  const sound: AudioChoiceValue = dub ? audioChoice : 'original'
  const file = picked ?? paneFile
  const support = useExportSupport(file)
  const isRunning = job.state.phase === 'running'
  const isBurn = kind === 'burn'
  const codec = support?.encoders.length && !support.encoders.includes(chosenCodec) ? support.encoders[0] : chosenCodec

  const ass = useQuery({ queryKey: taskKeys.exportText(task.id, 'ass', EXPORT_CONTENT[style.content]), queryFn: () => loadAss!(EXPORT_CONTENT[style.content]), enabled: Boolean(loadAss) && isAssLook, staleTime: Infinity, gcTime: 0 })
  const styled = useMemo(() => toStyledCues(cues, words), [cues, words])
  const spec = useMemo<RendererSpec | null>(() => (isAssLook ? (ass.data ? { kind: 'ass', assText: ass.data } : null) : { kind: 'styled', cues: styled, style }), [isAssLook, ass.data, styled, style])
  const makeRenderer = useCallback(async () => createRenderer(spec!), [spec])
  const tracks = useMemo(() => toSubtitleTracks(cues, { languages, hasTranslation, includeOriginal }), [cues, languages, hasTranslation, includeOriginal])
  // An ASS task's tracks in MKV are its scripts, styles kept: each track's text as the ASS export writes it.
  const isAssTracks = Boolean(loadAss) && kind === 'tracks' && container === 'mkv'
  const assTracks = useQuery({
    queryKey: taskKeys.trackScripts(task.id, tracks.map((t) => t.content)),
    queryFn: () => Promise.all(tracks.map((t) => loadAss!(t.content === 'original' ? EXPORT_CONTENT.original : EXPORT_CONTENT.translation))),
    enabled: isAssTracks,
    staleTime: Infinity,
    gcTime: 0,
  })
  const previewAt = styled.length > 0 ? Math.round((styled[0].startMs + styled[0].endMs) / 2) : 0

  const shortSide = dims ? Math.min(dims.width, dims.height) : null
  const wanted = height === 'original' || !dims ? undefined : Number(height)
  const scaled = wanted && dims ? (dims.width >= dims.height ? { height: wanted } : { width: wanted }) : {}
  const estimate = file ? (isBurn ? estimateOutputBytes(file.size, wanted && shortSide ? (wanted / shortSide) ** 2 : 1) : Math.round(file.size * 1.02)) : 0
  const tooLarge = file !== null && !fitsOutput(estimate)
  const unsupported = isBurn && support && !support.ok ? support.reason! : null

  const base = (file?.name ?? 'video').replace(/\.[^.]+$/, '')
  const lang = !hasTranslation || (isBurn && style.content === 'original') ? languages.original : languages.translation
  const extension = isBurn ? (codec === 'avc' ? 'mp4' : 'webm') : container
  // The burned-in video and the one with tracks are different files, never saved over each other; nor a dubbed one and its original.
  const dubbed = sound === 'original' ? '' : '.dubbed'
  const fileName = isBurn ? `${base}.${lang}${dubbed}.${extension}` : `${base}.${lang}${dubbed}.tracks.${extension}`
  // The dub's mix (its voices over the original) where it has one: the dubbed track a viewer hears.
  const audio: ExportAudio =
    dub && sound !== 'original'
      ? {
          choice: sound,
          dubUrl: `${dubAudioUrl(task.id, dub.id, dub.withOriginal ? 'mix' : 'voices')}&v=${encodeURIComponent(dub.completedAt ?? '')}`,
          dubbed: { language: languages.translation, title: languageTitle(languages.translation) },
          original: { language: languages.original, title: languageTitle(languages.original) },
        }
      : { choice: 'original' }
  const canStart = Boolean(file) && !tooLarge && styled.length > 0 && (isBurn ? support?.ok === true && spec !== null : !isAssTracks || assTracks.data !== undefined)

  const start = () => {
    if (!file || !canStart) return
    if (isBurn) {
      onExportStart?.()
      void job.start({ type: 'burn', source: file, renderer: spec!, video: { codec, quality, ...scaled }, audio }, fileName)
    } else {
      const scripts = isAssTracks ? assTracks.data : undefined
      void job.start({ type: 'tracks', source: file, tracks: scripts ? tracks.map((t, i) => ({ ...t, ass: scripts[i] })) : tracks, container, audio }, fileName)
    }
  }

  // The last export's outcome belongs to its kind: switching clears it.
  const chooseKind = (next: 'burn' | 'tracks') => {
    setKind(next)
    job.reset()
  }

  const close = (next: boolean) => {
    if (isRunning) return
    if (!next) job.reset()
    onOpenChange(next)
  }

  const footer = isRunning ? (
    <Button variant="secondary" onClick={job.cancel} data-testid="burn-cancel">
      {t('cancel')}
    </Button>
  ) : (
    <>
      <Button variant="ghost" onClick={() => close(false)} data-testid="burn-close">
        {job.state.phase === 'done' || unsupported ? t('close') : t('cancel')}
      </Button>
      {!unsupported && (
        <Button onClick={start} disabled={!canStart} data-testid="burn-start">
          {isBurn ? t('start') : t('startTracks')}
        </Button>
      )}
    </>
  )

  return (
    <Dialog open={open} onOpenChange={close} isLocked={isRunning} title={t('title')} description={t(isBurn ? 'description' : 'descriptionTracks')} className="max-w-4xl" footer={footer}>
      <div className="space-y-4" data-testid="video-export-dialog" data-kind={kind} data-thread={job.state.phase === 'running' || job.state.phase === 'done' ? job.state.thread : undefined}>
        <fieldset disabled={isRunning} className="max-w-md">
          <Segmented label={t('kind')} value={kind} onChange={chooseKind} testId="export-kind" options={(['burn', 'tracks'] as const).map((v) => ({ value: v, label: t(`kinds.${v}`) }))} />
        </fieldset>
        <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="space-y-3">
            {unsupported ? (
              <VideoExportUnsupported reason={unsupported} task={task} content={EXPORT_CONTENT[style.content]} beforeExport={beforeExport} onTrackExport={() => chooseKind('tracks')} />
            ) : isBurn ? (
              <VideoExportPreview file={file} makeRenderer={spec ? makeRenderer : null} atMs={previewAt} onSize={setDims} label={isAssLook ? 'ass' : style.preset} />
            ) : (
              <TrackSummary tracks={tracks} container={container} />
            )}
            {/* Another file helps only when this one could not be decoded, not when the browser lacks an encoder. */}
            {(!unsupported || unsupported === 'cannot-decode') && (
              <div className="flex flex-wrap items-center gap-2 text-xs text-muted">
                <span className="min-w-0 flex-1 truncate" data-testid="burn-source">
                  {file ? (file === paneFile ? t('sourcePane', { name: file.name }) : file.name) : t('noSource')}
                </span>
                <Button size="sm" variant={file ? 'ghost' : 'primary'} onClick={() => input.current?.click()} disabled={isRunning} data-testid="burn-pick">
                  {file ? t('change') : isTranscription ? t('pickTranscription') : t('pick')}
                </Button>
                <input ref={input} type="file" accept="video/*,.mkv,.webm,.mp4,.mov" className="sr-only" tabIndex={-1} aria-hidden="true" data-testid="burn-input" onChange={(e) => e.target.files?.[0] && setPicked(e.target.files[0])} />
              </div>
            )}
            <BurnProgress state={job.state} />
            {isBurn && isAssLook && ass.isError && <Alert tone="danger">{t('assFailed')}</Alert>}
            {isBurn && support === null && (
              <p className="flex items-center gap-2 text-xs text-muted" data-testid="burn-checking">
                <Spinner className="size-3.5" /> {t('checking')}
              </p>
            )}
            {tooLarge && <Alert tone="warning">{t('memoryLimit', { limit: formatBytes(MEMORY_LIMIT_BYTES), size: formatBytes(estimate) })}</Alert>}
            {!tooLarge && file && !canStreamToDisk() && <p className="text-xs text-muted">{t('memoryNote', { limit: formatBytes(MEMORY_LIMIT_BYTES) })}</p>}
          </div>
          {!unsupported && (
            <fieldset disabled={isRunning} className="space-y-5">
              {isBurn ? (
                <>
                  <VideoExportStyle style={style} onChange={onStyleChange} hasTranslation={hasTranslation} assLook={loadAss ? { isOn: isAssLook, onChange: setAssLook } : undefined} />
                  <BurnOutput codec={codec} onCodec={setCodec} encoders={support?.encoders ?? []} height={height} onHeight={setHeight} quality={quality} onQuality={setQuality} shortSide={shortSide} />
                </>
              ) : (
                <TrackOptions container={container} onContainer={setContainer} canIncludeOriginal={hasTranslation} includeOriginal={includeOriginal} onIncludeOriginal={setIncludeOriginal} />
              )}
              {dub && <AudioChoice value={sound} onChange={setAudioChoice} languages={languages} container={isBurn ? (codec === 'avc' ? 'mp4' : 'mkv') : container} />}
            </fieldset>
          )}
        </div>
      </div>
    </Dialog>
  )
}
