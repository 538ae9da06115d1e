'use client'

import { useTranslations } from 'next-intl'
import { useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { DropdownMenu, DropdownMenuCheckboxItem, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu'
import { errorText } from '@/lib/client/api'
import type { ExportContent, ExportFormat } from '@/lib/client/task-helpers'
import { downloadExport, type Task } from '@/lib/client/tasks'
import { EXPORT_CONTENTS, FORMAT_LABELS, SUBTITLE_FORMATS } from '@/lib/subtitles/format'

const FORMATS = SUBTITLE_FORMATS.map((format) => ({ format, label: FORMAT_LABELS[format] }))

/**
 * SRT, VTT or ASS × translation, bilingual or original; pending edits are saved before the download.
 * "Break lines for the language" (on by default) has the server break each translation into at
 * most two lines; off keeps the lines as they are in the editor. A transcription with speakers
 * offers "Speaker names in SRT" ("Ada: " before each speaker's lines); WebVTT and ASS always
 * carry its speakers.
 */
export function ExportMenu({ task, hasSegments, hasSpeakers = false, beforeExport, onExportVideo }: { task: Task; hasSegments: boolean; hasSpeakers?: boolean; beforeExport: () => Promise<void>; onExportVideo?: () => void }) {
  const t = useTranslations('editor.export')
  const tv = useTranslations('videoExport')
  const [isBusy, setBusy] = useState(false)
  const [reflow, setReflow] = useState(true)
  const [speakerPrefix, setSpeakerPrefix] = useState(false)

  const run = async (format: ExportFormat, content: ExportContent) => {
    if (!hasSegments) {
      toast.error(t('noData'))
      return
    }
    setBusy(true)
    try {
      await beforeExport()
      await downloadExport(task, format, content, { reflow, speakerPrefix: hasSpeakers && speakerPrefix })
    } catch (error) {
      toast.error(errorText(error, t('failed')))
    } finally {
      setBusy(false)
    }
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button size="sm" isLoading={isBusy} data-testid="export-menu">
          {t('button')}
          <svg viewBox="0 0 16 16" fill="none" aria-hidden="true" className="size-3.5">
            <path d="m4 6 4 4 4-4" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {FORMATS.map(({ format, label }, i) => (
          <div key={format}>
            {i > 0 && <DropdownMenuSeparator />}
            <DropdownMenuLabel>{label}</DropdownMenuLabel>
            {EXPORT_CONTENTS.map((content) => (
              <DropdownMenuItem
                key={content}
                // A translation still in progress can only be exported as the original.
                disabled={task.status === 'translating' && content !== 'original'}
                onSelect={() => void run(format, content)}
                data-testid={`export-${format}-${content}`}
              >
                <span className="flex-1">{t(content)}</span>
                <span className="text-xs text-subtle">.{format}</span>
              </DropdownMenuItem>
            ))}
          </div>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuCheckboxItem checked={reflow} onCheckedChange={(value) => setReflow(value === true)} data-testid="export-reflow">
          <span className="flex-1">{t('reflow')}</span>
        </DropdownMenuCheckboxItem>
        {hasSpeakers && (
          <DropdownMenuCheckboxItem checked={speakerPrefix} onCheckedChange={(value) => setSpeakerPrefix(value === true)} data-testid="export-speaker-prefix">
            <span className="flex-1">{t('speakerPrefix')}</span>
          </DropdownMenuCheckboxItem>
        )}
        {onExportVideo && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem disabled={!hasSegments} onSelect={onExportVideo} data-testid="export-video">
              <span className="flex-1">{tv('menuItem')}</span>
              <span className="text-xs text-subtle">.mp4</span>
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
