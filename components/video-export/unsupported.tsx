'use client'

import { useTranslations } from 'next-intl'
import { useState } from 'react'
import { toast } from 'sonner'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { errorText } from '@/lib/client/api'
import type { ExportContent, ExportFormat } from '@/lib/client/task-helpers'
import { downloadExport } from '@/lib/client/tasks'
import type { UnsupportedReason } from './capability'
import { FORMAT_LABELS, SUBTITLE_FORMATS } from '@/lib/subtitles/format'

const REASON_KEYS = { 'no-webcodecs': 'noWebcodecs', 'no-encoder': 'noEncoder', 'cannot-decode': 'cannotDecode' } as const

type Props = {
  reason: UnsupportedReason
  task: Parameters<typeof downloadExport>[0]
  /** The content the creator chose for the video (translation, bilingual, original). */
  content: ExportContent
  /** Saves pending edits before a download. */
  beforeExport?: () => Promise<void>
  /** Switches the export to subtitle tracks (copies the video, needs no encoder); hidden when absent. */
  onTrackExport?: () => void
}

/**
 * Shown instead of the burn-in export when this browser cannot make the video:
 * why, in the creator's language, and what still works: the subtitle tracks and the subtitle files.
 */
export function VideoExportUnsupported({ reason, task, content, beforeExport, onTrackExport }: Props) {
  const t = useTranslations('editor.videoUnsupported')
  const [busy, setBusy] = useState<ExportFormat | null>(null)

  const download = async (format: ExportFormat) => {
    setBusy(format)
    try {
      await beforeExport?.()
      await downloadExport(task, format, content)
    } catch (error) {
      toast.error(errorText(error, t('downloadFailed')))
    } finally {
      setBusy(null)
    }
  }

  return (
    <div className="space-y-4" data-testid="video-export-unsupported" data-reason={reason}>
      <Alert tone="warning">
        <p className="font-medium">{t('title')}</p>
        <p className="mt-1 text-fg">{t(REASON_KEYS[reason])}</p>
        <p className="mt-1 text-muted">{t('free')}</p>
      </Alert>
      <div className="space-y-3">
        <p className="text-sm font-medium text-fg">{t('instead')}</p>
        {onTrackExport && (
          <div className="flex flex-wrap items-center gap-3">
            <Button size="sm" onClick={onTrackExport} data-testid="unsupported-track-export">
              {t('tracks')}
            </Button>
            <span className="text-xs text-subtle">{t('tracksHint')}</span>
          </div>
        )}
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-muted">{t('files')}</span>
          {SUBTITLE_FORMATS.map((format) => (
            <Button key={format} size="sm" variant="secondary" isLoading={busy === format} disabled={busy !== null} onClick={() => void download(format)} data-testid={`unsupported-export-${format}`}>
              {FORMAT_LABELS[format]}
            </Button>
          ))}
        </div>
      </div>
    </div>
  )
}
