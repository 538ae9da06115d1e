'use client'

import { useTranslations } from 'next-intl'
import { useState } from 'react'
import { toast } from 'sonner'
import { FormDialog } from '@/components/ui/form-dialog'
import { Field, Input } from '@/components/ui/input'
import { errorText } from '@/lib/client/api'
import { speakerNumber } from '@/lib/client/speakers'
import type { TaskSegment } from '@/lib/client/tasks'
import { SpeakerChip } from './speaker-chip'

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  labels: readonly string[]
  names: Readonly<Record<string, string>>
  segments: readonly TaskSegment[]
  onSave: (names: Record<string, string>) => Promise<void>
}

const MAX_NAME = 40

function Body({ onOpenChange, labels, names, segments, onSave }: Omit<Props, 'open'>) {
  const t = useTranslations('editor.speakers')
  const [drafts, setDrafts] = useState<Record<string, string>>(() => Object.fromEntries(labels.map((label) => [label, names[label] ?? ''])))
  const [failure, setFailure] = useState<string | null>(null)
  const [isBusy, setBusy] = useState(false)
  const cues = (label: string) => segments.filter((s) => s.speakers?.includes(label)).length
  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title={t('title')}
      description={t('description')}
      formId="speakers-form"
      submitLabel={t('save')}
      submitTestId="speakers-save"
      isSubmitting={isBusy}
      failure={failure}
      onSubmit={async (event) => {
        event.preventDefault()
        // Only what changed is sent; a cleared name goes back to "Speaker 2".
        const changed = Object.fromEntries(labels.filter((label) => drafts[label].trim() !== (names[label] ?? '')).map((label) => [label, drafts[label].trim()]))
        if (Object.keys(changed).length === 0) return onOpenChange(false)
        setBusy(true)
        try {
          await onSave(changed)
          toast.success(t('saved'), { id: 'speakers' })
          onOpenChange(false)
        } catch (error) {
          setFailure(errorText(error, t('failed')))
        } finally {
          setBusy(false)
        }
      }}
    >
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
export function SpeakersDialog(props: Props) {
  if (!props.open) return null
  return <Body {...props} />
}
