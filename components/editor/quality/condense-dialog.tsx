'use client'

import { useTranslations } from 'next-intl'
import { useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { cn } from '@/components/ui/cn'
import { Dialog } from '@/components/ui/dialog'
import { Textarea } from '@/components/ui/input'
import { errorText } from '@/lib/client/api'
import { readChars } from '@/lib/timing'
import { visibleLines } from './quality'

/** A line the reading-speed key could not give enough time: its texts, its characters and how many fit. */
export type CondenseLine = { id: number; original: string; text: string; maxChars: number; durationMs: number; maxCps: number }

type Props = {
  line: CondenseLine
  onClose: () => void
  onSave: (text: string) => void
  /** The task's DeepSeek suggests a shorter line (absent: no suggestion offered). */
  suggest?: (id: number, maxChars: number, text: string) => Promise<string>
}

function Body({ line, onClose, onSave, suggest }: Props) {
  const t = useTranslations('editor.timing')
  const tc = useTranslations('common')
  const [text, setText] = useState(line.text)
  const [isSuggesting, setSuggesting] = useState(false)
  const chars = readChars(visibleLines(text).filter(Boolean).join('\n'))
  const fits = chars <= line.maxChars
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('condenseTitle', { id: line.id })}
      description={t('condenseBody', { chars: readChars(visibleLines(line.text).filter(Boolean).join('\n')), seconds: (line.durationMs / 1000).toFixed(2), max: line.maxChars, cps: line.maxCps })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {tc('cancel')}
          </Button>
          <Button onClick={() => onSave(text)} disabled={text === line.text} data-testid="condense-save">
            {tc('save')}
          </Button>
        </>
      }
    >
      <div className="space-y-3" data-testid="condense-dialog">
        {line.original && (
          <div>
            <p className="text-xs font-medium text-subtle">{t('condenseOriginal')}</p>
            <p className="mt-0.5 text-sm whitespace-pre-line text-muted">{line.original}</p>
          </div>
        )}
        <Textarea value={text} onChange={(e) => setText(e.target.value)} rows={3} aria-label={t('condenseLabel', { id: line.id })} autoFocus data-testid="condense-text" />
        <div className="flex items-center justify-between gap-3">
          {suggest ? (
            <Button
              variant="secondary"
              size="sm"
              isLoading={isSuggesting}
              onClick={async () => {
                setSuggesting(true)
                try {
                  setText(await suggest(line.id, line.maxChars, text))
                } catch (error) {
                  toast.error(t('suggestFailed'), { description: errorText(error, '') || undefined, id: 'condense' })
                } finally {
                  setSuggesting(false)
                }
              }}
              data-testid="condense-suggest"
            >
              {t('suggest')}
            </Button>
          ) : (
            <span />
          )}
          <p className={cn('tabular text-xs font-medium', fits ? 'text-success' : 'text-warning')} data-testid="condense-count" data-fits={fits}>
            {t('condenseCount', { chars, max: line.maxChars })}
          </p>
        </div>
      </div>
    </Dialog>
  )
}

/**
 * The reading-speed key's offer to condense a line with no more time to take: its text to shorten,
 * counted as it is typed, and for a DeepSeek translation a shorter line suggested on request.
 */
export function CondenseDialog({ line, ...rest }: Omit<Props, 'line'> & { line: CondenseLine | null }) {
  if (!line) return null
  return <Body key={line.id} line={line} {...rest} />
}
