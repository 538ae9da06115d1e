'use client'

import { useTranslations } from 'next-intl'
import { useCallback, useMemo, useRef, useState } from 'react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { Select } from '@/components/ui/select'
import type { BurnQuality } from '@/lib/client/video/burn'
import { toStyledCues, type CueSource } from '@/lib/client/video/cues'
import { canStreamToDisk, estimateOutputBytes, fitsOutput, MEMORY_LIMIT_BYTES } from '@/lib/client/video/output'
import { createStyledRenderer, type TimedWord } from '@/lib/client/video/styled-renderer'
import type { SubtitleStyle } from '@/lib/video/styles'
import { useVideoBurn } from './use-video-burn'
import { VideoExportPreview } from './video-export-preview'
import { Segmented, VideoExportStyle } from './video-export-style'
import { BurnProgress, formatBytes } from './video-export-status'

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The video open in the editor's preview, if any. */
  paneFile: File | null
  isTranscription: boolean
  cues: CueSource[]
  words: TimedWord[]
  /** Language codes for the file name: the translation's and the original's. */
  languages: { translation: string; original: string }
  hasTranslation: boolean
  style: SubtitleStyle
  onStyleChange: (style: SubtitleStyle) => void
  /** An export starts: the style is remembered for the creator's next one. */
  onExportStart?: () => void
}

const HEIGHTS = [1080, 720, 480]

/** "Export video": subtitles burned into the creator's video in the browser, with styles and a preview. */
export function VideoExportDialog({ open, onOpenChange, paneFile, isTranscription, cues, words, languages, hasTranslation, style, onStyleChange, onExportStart }: Props) {
  const t = useTranslations('videoExport')
  const [picked, setPicked] = useState<File | null>(null)
  const [codec, setCodec] = useState<'avc' | 'vp9'>('avc')
  const [height, setHeight] = useState('original')
  const [quality, setQuality] = useState<BurnQuality>('high')
  const [dims, setDims] = useState<{ width: number; height: number } | null>(null)
  const input = useRef<HTMLInputElement>(null)
  const burn = useVideoBurn()
  const file = picked ?? paneFile
  const isRunning = burn.state.phase === 'running'

  const styled = useMemo(() => toStyledCues(cues, words), [cues, words])
  const makeRenderer = useCallback(async () => createStyledRenderer({ cues: styled, style }), [styled, style])
  const previewAt = styled.length > 0 ? Math.round((styled[0].startMs + styled[0].endMs) / 2) : 0

  const shortSide = dims ? Math.min(dims.width, dims.height) : null
  const wanted = height === 'original' || !dims ? undefined : Number(height)
  const scaled = wanted && dims ? (dims.width >= dims.height ? { height: wanted } : { width: wanted }) : {}
  const areaRatio = wanted && shortSide ? (wanted / shortSide) ** 2 : 1
  const estimate = file ? estimateOutputBytes(file.size, areaRatio) : 0
  const tooLarge = file !== null && !fitsOutput(estimate)

  const base = (file?.name ?? 'video').replace(/\.[^.]+$/, '')
  const lang = style.content === 'original' ? languages.original : languages.translation
  const fileName = `${base}.${lang}.${codec === 'avc' ? 'mp4' : 'webm'}`

  const start = () => {
    if (!file || tooLarge) return
    onExportStart?.()
    void burn.start({ file, makeRenderer, codec, quality, fileName, ...scaled })
  }

  const close = (next: boolean) => {
    if (isRunning) return
    if (!next) burn.reset()
    onOpenChange(next)
  }

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      isLocked={isRunning}
      title={t('title')}
      description={t('description')}
      className="max-w-4xl"
      footer={
        isRunning ? (
          <Button variant="secondary" onClick={burn.cancel} data-testid="burn-cancel">
            {t('cancel')}
          </Button>
        ) : (
          <>
            <Button variant="ghost" onClick={() => close(false)} data-testid="burn-close">
              {burn.state.phase === 'done' ? t('close') : t('cancel')}
            </Button>
            <Button onClick={start} disabled={!file || tooLarge || styled.length === 0} data-testid="burn-start">
              {t('start')}
            </Button>
          </>
        )
      }
    >
      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_20rem]" data-testid="video-export-dialog">
        <div className="space-y-3">
          <VideoExportPreview file={file} makeRenderer={makeRenderer} atMs={previewAt} onSize={setDims} label={style.preset} />
          <div className="flex flex-wrap items-center gap-2 text-xs text-muted">
            <span className="min-w-0 flex-1 truncate" data-testid="burn-source">
              {file ? (file === paneFile ? t('sourcePane', { name: file.name }) : file.name) : t('noSource')}
            </span>
            <Button size="sm" variant={file ? 'ghost' : 'primary'} onClick={() => input.current?.click()} disabled={isRunning} data-testid="burn-pick">
              {file ? t('change') : isTranscription ? t('pickTranscription') : t('pick')}
            </Button>
            <input ref={input} type="file" accept="video/*,.mkv,.webm,.mp4,.mov" className="sr-only" tabIndex={-1} aria-hidden="true" data-testid="burn-input" onChange={(e) => e.target.files?.[0] && setPicked(e.target.files[0])} />
          </div>
          <BurnProgress state={burn.state} />
          {tooLarge && <Alert tone="warning">{t('memoryLimit', { limit: formatBytes(MEMORY_LIMIT_BYTES), size: formatBytes(estimate) })}</Alert>}
          {!tooLarge && file && !canStreamToDisk() && <p className="text-xs text-muted">{t('memoryNote', { limit: formatBytes(MEMORY_LIMIT_BYTES) })}</p>}
        </div>
        <fieldset disabled={isRunning} className="space-y-5">
          <VideoExportStyle style={style} onChange={onStyleChange} hasTranslation={hasTranslation} />
          <div className="space-y-2.5">
            <p className="text-xs font-medium text-fg">{t('output')}</p>
            <Segmented label={t('format')} value={codec} onChange={setCodec} testId="burn-codec" options={(['avc', 'vp9'] as const).map((v) => ({ value: v, label: t(`formats.${v}`) }))} />
            <div className="grid grid-cols-2 gap-2">
              <Select
                value={height}
                onValueChange={setHeight}
                aria-label={t('resolution')}
                data-testid="burn-resolution"
                className="h-8 text-xs"
                options={[{ value: 'original', label: shortSide ? t('original', { height: shortSide }) : t('contents.original') }, ...HEIGHTS.filter((h) => !shortSide || h < shortSide).map((h) => ({ value: String(h), label: t('height', { height: h }) }))]}
              />
              <Select value={quality} onValueChange={(v) => setQuality(v as BurnQuality)} aria-label={t('quality')} data-testid="burn-quality" className="h-8 text-xs" options={(['high', 'medium', 'low'] as const).map((v) => ({ value: v, label: t(`qualities.${v}`) }))} />
            </div>
          </div>
        </fieldset>
      </div>
    </Dialog>
  )
}
