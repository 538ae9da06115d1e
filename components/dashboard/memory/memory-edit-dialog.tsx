'use client'

import { useTranslations } from 'next-intl'
import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { FormDialog } from '@/components/ui/form-dialog'
import { Field, Textarea } from '@/components/ui/input'
import type { MemoryEntry } from '@/lib/client/memory'
import { useUpdateMemoryEntry } from '@/lib/client/memory'
import { mutationDialog } from '../mutation-dialog'

/** Changes the remembered translation of one line (the source stays as it was). */
export function MemoryEditDialog({ entry, onClose }: { entry: MemoryEntry | null; onClose: () => void }) {
  return entry ? <MemoryEditForm key={entry.id} entry={entry} onClose={onClose} /> : null
}

function MemoryEditForm({ entry, onClose }: { entry: MemoryEntry; onClose: () => void }) {
  const t = useTranslations('memory')
  const save = useUpdateMemoryEntry()
  const [targetText, setTargetText] = useState(entry.targetText)

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    save.mutate(
      { id: entry.id, targetText },
      {
        onSuccess: () => {
          toast.success(t('edit.saved'))
          onClose()
        },
      },
    )
  }

  return (
    <FormDialog {...mutationDialog(save, { onClose, failed: t('edit.failed') })} title={t('edit.title')} formId="memory-form" submitLabel={t('edit.save')} submitTestId="memory-save" onSubmit={submit}>
      <div>
        <p className="text-sm font-medium text-fg">{t('columns.source')}</p>
        <p className="mt-1 rounded-md bg-surface-2 px-3 py-2 text-sm whitespace-pre-line text-muted">{entry.sourceText}</p>
      </div>
      <Field id="memory-target" label={t('columns.translation')}>
        <Textarea id="memory-target" value={targetText} onChange={(e) => setTargetText(e.target.value)} maxLength={2000} rows={3} required autoFocus data-testid="memory-target" />
      </Field>
    </FormDialog>
  )
}
