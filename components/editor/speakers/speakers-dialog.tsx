'use client'

import { useTranslations } from 'next-intl'
import { useState } from 'react'
import { toast } from 'sonner'
import { FormDialog, whileOpen, type DialogOpenProps } from '@/components/ui/form-dialog'
import { Field, Input } from '@/components/ui/input'
import { useDialogAction } from '@/components/ui/use-dialog-action'
import { errorText } from '@/lib/client/api'
import { speakerNumber } from '@/lib/client/speakers'
import type { TaskSegment } from '@/lib/client/tasks'
import { SpeakerChip } from './speaker-chip'

type Props = DialogOpenProps & {
  labels: readonly string[]
  names: Readonly<Record<string, string>>
  segments: readonly TaskSegment[]
  onSave: (names: Record<string, string>) => Promise<void>
}

const MAX_NAME = 40

function Body({ onOpenChange, labels, names, segments, onSave }: Omit<Props, 'open'>) {
  const t = useTranslations('editor.speakers')
  const [drafts, setDrafts] = useState<Record<string, string>>(() => Object.fromEntries(labels.map((label) => [label, names[label] ?? ''])))
  const { run, dialog } = useDialogAction({ onOpenChange, failureText: (error) => errorText(error, t('failed')) })
  const cues = (label: string) => segments.filter((s) => s.speakers?.includes(label)).length
  const save = () => {
    // Only what changed is sent; a cleared name goes back to "Speaker 2".
    const changed = Object.fromEntries(labels.filter((label) => drafts[label].trim() !== (names[label] ?? '')).map((label) => [label, drafts[label].trim()]))
    if (Object.keys(changed).length === 0) return onOpenChange(false)
    void run(async () => {
      await onSave(changed)
      toast.success(t('saved'), { id: 'speakers' })
      onOpenChange(false)
    })
  }
  return (
    <FormDialog {...dialog} title={t('title')} description={t('description')} formId="speakers-form" submitLabel={t('save')} submitTestId="speakers-save" onSubmit={save}>
      {labels.map((label) => (
        // The label wears the speaker's chip, so the tint seen on the rows leads to the right field.
        <Field key={label} id={`speaker-${label}`} label={<SpeakerChip label={label} text={t('unnamed', { number: speakerNumber(label) })} className="text-xs" />} hint={t('cues', { count: cues(label) })}>
          <Input
            id={`speaker-${label}`}
            value={drafts[label]}
            maxLength={MAX_NAME}
            placeholder={t('placeholder')}
            onChange={(e) => setDrafts((d) => ({ ...d, [label]: e.target.value }))}
            data-testid={`speaker-name-${label}`}
          />
        </Field>
      ))}
    </FormDialog>
  )
}

/** Names a transcription's speakers once for the whole task: every cue, export and later translation uses the names. */
export const SpeakersDialog = whileOpen<Props>(Body)
