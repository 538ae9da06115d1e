'use client'

import { useTranslations } from 'next-intl'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { Field, Textarea } from '@/components/ui/input'
import type { TaskSegment } from '@/lib/client/tasks'
import { shownText, type Draft, type RowEdit } from '../drafts'

type Props = {
  segment: TaskSegment | null
  edit: RowEdit | undefined
  onSave: (id: number, draft: Draft) => void
  onClose: () => void
  /** While the task translates the texts can be read, not saved. */
  isReadOnly: boolean
}

function Body({ segment, edit, onSave, onClose, isReadOnly }: Props & { segment: TaskSegment }) {
  const t = useTranslations('editor.dialog')
  const tc = useTranslations('common')
  // Starts from what the row shows (drafts included) and keeps its own copy until saved.
  const [original, setOriginal] = useState(() => shownText(segment, edit, 'originalText'))
  const [translated, setTranslated] = useState(() => shownText(segment, edit, 'translatedText'))
  const save = () => {
    if (isReadOnly) return onClose()
    onSave(segment.id, { originalText: original, translatedText: translated })
    onClose()
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        save()
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
          event.preventDefault()
          save()
        }
      }}
      className="space-y-4"
    >
      <p className="tabular text-xs text-muted">
        {segment.startTime} → {segment.endTime}
      </p>
      <Field id="segment-original" label={t('original')}>
        <Textarea id="segment-original" rows={4} value={original} readOnly={isReadOnly} onChange={(event) => setOriginal(event.target.value)} className="leading-relaxed" />
      </Field>
      <Field id="segment-translated" label={t('translated')}>
        <Textarea
          id="segment-translated"
          rows={4}
          value={translated}
          readOnly={isReadOnly}
          onChange={(event) => setTranslated(event.target.value)}
          className="leading-relaxed"
          autoFocus
          data-testid="dialog-translated"
        />
      </Field>
      <div className="flex items-center justify-between gap-3 pt-2">
        <p className="text-xs text-subtle">{isReadOnly ? t('readOnlyHint') : t('hint')}</p>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={onClose}>
            {tc('cancel')}
          </Button>
          <Button type="submit" data-testid="dialog-save" disabled={isReadOnly}>
            {tc('save')}
          </Button>
        </div>
      </div>
    </form>
  )
}

/** The pop-up editor of one segment: larger boxes for long cues; saves both texts at once. */
export function SegmentDialog(props: Props) {
  const t = useTranslations('editor.dialog')
  const { segment, onClose } = props
  return (
    <Dialog open={segment !== null} onOpenChange={(open) => !open && onClose()} title={segment ? t('title', { id: segment.id }) : ''} className="max-w-2xl">
      {segment && <Body key={segment.id} {...props} segment={segment} />}
    </Dialog>
  )
}
