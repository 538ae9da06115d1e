'use client'

import { useTranslations } from 'next-intl'
import { useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu'
import { errorText } from '@/lib/client/api'
import type { ExportContent, ExportFormat } from '@/lib/client/task-helpers'
import { downloadExport, type Task } from '@/lib/client/tasks'
import { EXPORT_CONTENTS, FORMAT_LABELS, SUBTITLE_FORMATS } from '@/lib/subtitles/format'

const FORMATS = SUBTITLE_FORMATS.map((format) => ({ format, label: FORMAT_LABELS[format] }))

/** SRT or VTT × translation, bilingual or original; pending edits are saved before the download. */
export function ExportMenu({ task, hasSegments, beforeExport }: { task: Task; hasSegments: boolean; beforeExport: () => Promise<void> }) {
  const t = useTranslations('editor.export')
  const [isBusy, setBusy] = useState(false)

  const run = async (format: ExportFormat, content: ExportContent) => {
    if (!hasSegments) {
      toast.error(t('noData'))
      return
    }
    setBusy(true)
    try {
      await beforeExport()
      await downloadExport(task, format, content)
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
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
