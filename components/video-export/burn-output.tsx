'use client'

import { useTranslations } from 'next-intl'
import { Select } from '@/components/ui/select'
import type { BurnQuality } from './burn'
import type { VideoEncoderCodec } from './capability'
import { Segmented } from './style'

const HEIGHTS = [1080, 720, 480]

type Props = {
  codec: VideoEncoderCodec
  onCodec: (codec: VideoEncoderCodec) => void
  /** The encoders this browser has (capability.ts); the others are not offered. */
  encoders: VideoEncoderCodec[]
  /** 'original' or a target height of the short side. */
  height: string
  onHeight: (height: string) => void
  quality: BurnQuality
  onQuality: (quality: BurnQuality) => void
  /** The video's short side once known: only smaller sizes are offered. */
  shortSide: number | null
}

/** The burn-in's output: format, a lower resolution and the quality. */
export function BurnOutput({ codec, onCodec, encoders, height, onHeight, quality, onQuality, shortSide }: Props) {
  const t = useTranslations('videoExport')
  const offered = (['avc', 'vp9'] as const).filter((c) => encoders.length === 0 || encoders.includes(c))
  return (
    <div className="space-y-2.5">
      <p className="text-xs font-medium text-fg">{t('output')}</p>
      <Segmented label={t('format')} value={codec} onChange={onCodec} testId="burn-codec" options={offered.map((v) => ({ value: v, label: t(`formats.${v}`) }))} />
      <div className="grid grid-cols-2 gap-2">
        <Select
          value={height}
          onValueChange={onHeight}
          aria-label={t('resolution')}
          data-testid="burn-resolution"
          className="h-8 text-xs"
          options={[{ value: 'original', label: shortSide ? t('original', { height: shortSide }) : t('contents.original') }, ...HEIGHTS.filter((h) => !shortSide || h < shortSide).map((h) => ({ value: String(h), label: t('height', { height: h }) }))]}
        />
        <Select value={quality} onValueChange={(v) => onQuality(v as BurnQuality)} aria-label={t('quality')} data-testid="burn-quality" className="h-8 text-xs" options={(['high', 'medium', 'low'] as const).map((v) => ({ value: v, label: t(`qualities.${v}`) }))} />
      </div>
    </div>
  )
}
