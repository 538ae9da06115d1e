'use client'

import { useQueryClient } from '@tanstack/react-query'
import { useTranslations } from 'next-intl'
import { useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { errorText } from '@/lib/client/api'
import { restoreLeftOutLine, useLeftOut, type LeftOutLine } from '@/lib/client/speech'
import type { TaskSegment } from '@/lib/client/tasks'
import { formatMs } from '@/lib/subtitles/time'
import { SpeakerChips } from '../speakers/speaker-chip'

/**
 * "N lines left out as probably not spoken": the provider's lines that did not become
 * cues, each with its time, why it was left out, and a one-click restore that makes it a cue.
 * `onRestored` gets the new cue (the editor reloads the rows and renumbers its undo steps);
 * pending typing is saved first (`beforeRestore`). A line of a labelled speaker shows who said it.
 */
export function LeftOutNote({
  taskId,
  enabled,
  beforeRestore,
  onRestored,
  speakerNames,
}: {
  taskId: string
  enabled: boolean
  beforeRestore: () => Promise<void>
  onRestored: (segment: TaskSegment) => Promise<void>
  speakerNames: Readonly<Record<string, string>>
}) {
  const t = useTranslations('editor.leftOut')
  const client = useQueryClient()
  const lines = useLeftOut(taskId, enabled).data ?? []
  const [isOpen, setOpen] = useState(false)
  const [busy, setBusy] = useState<string | null>(null)
  if (!enabled || lines.length === 0) return null

  const restore = async (line: LeftOutLine) => {
    setBusy(line.id)
    try {
      // Typing not saved yet belongs to the rows as they are numbered now.
      await beforeRestore()
      const segment = await restoreLeftOutLine(client, taskId, line.id)
      await onRestored(segment)
      toast.success(t('restored', { id: segment.id }), { id: 'left-out' })
    } catch (error) {
      toast.error(t('restoreFailed'), { description: errorText(error, '') || undefined, id: 'left-out' })
    } finally {
      setBusy(null)
    }
  }

  return (
    <section className="mx-4 mt-3 mb-1 rounded-lg border border-border bg-surface-2/40 text-sm md:mx-6" data-testid="left-out" data-count={lines.length}>
      <div className="flex items-center justify-between gap-3 px-4 py-2">
        <p className="text-muted" data-testid="left-out-summary">
          {t('summary', { count: lines.length })}
        </p>
        <Button variant="secondary" size="sm" onClick={() => setOpen((open) => !open)} aria-expanded={isOpen} data-testid="left-out-toggle">
          {isOpen ? t('hide') : t('show')}
        </Button>
      </div>
      {isOpen && (
        <div className="border-t border-border px-4 py-2">
          <p className="mb-2 text-xs text-subtle">{t('explain')}</p>
          <ul className="max-h-64 space-y-1 overflow-y-auto">
            {lines.map((line) => {
              const time = formatMs(line.startMs).slice(0, 8)
              return (
                <li key={line.id} className="flex items-center gap-3" data-testid="left-out-line" data-reason={line.reason}>
                  <span className="tabular w-16 shrink-0 text-xs text-muted">{time}</span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-fg" title={line.text}>
                      {line.text}
                    </span>
                    <span className="flex items-center gap-1.5 text-xs text-subtle">
                      <SpeakerChips labels={line.speaker ? [line.speaker] : undefined} names={speakerNames} />
                      {t(`reasons.${line.reason}`)}
                    </span>
                  </span>
                  <Button variant="ghost" size="sm" onClick={() => void restore(line)} isLoading={busy === line.id} disabled={busy !== null} aria-label={t('restoreLabel', { time })} data-testid="left-out-restore">
                    {t('restore')}
                  </Button>
                </li>
              )
            })}
          </ul>
        </div>
      )}
    </section>
  )
}
