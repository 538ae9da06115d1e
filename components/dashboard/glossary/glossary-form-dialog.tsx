'use client'

import { useTranslations } from 'next-intl'
import { useMemo, useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { useLanguageName } from '@/components/tasks/language-name'
import { FormDialog } from '@/components/ui/form-dialog'
import { Field, Input, Textarea } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import type { GlossaryEntry } from '@/lib/client/glossary'
import { LANGUAGES, TARGET_LANGUAGES } from '@/lib/languages/languages'
import { useSaveGlossaryEntry } from '@/lib/client/glossary'
import { mutationDialog } from '../mutation-dialog'

type Props = {
  /** The entry to edit, or null to add one; undefined keeps the dialog closed. */
  entry: GlossaryEntry | null | undefined
  defaultTarget: string
  onClose: () => void
}

/** Adds or edits one glossary entry: term, translation, target and (optional) source language, note. */
export function GlossaryFormDialog({ entry, defaultTarget, onClose }: Props) {
  const open = entry !== undefined
  return open ? <GlossaryForm key={entry?.id ?? 'new'} entry={entry} defaultTarget={defaultTarget} onClose={onClose} /> : null
}

function GlossaryForm({ entry, defaultTarget, onClose }: { entry: GlossaryEntry | null; defaultTarget: string; onClose: () => void }) {
  const t = useTranslations('glossary')
  const name = useLanguageName()
  const save = useSaveGlossaryEntry()
  const [term, setTerm] = useState(entry?.term ?? '')
  const [translation, setTranslation] = useState(entry?.translation ?? '')
  const [target, setTarget] = useState(entry?.targetLanguage ?? defaultTarget)
  const [source, setSource] = useState(entry?.sourceLanguage ?? 'auto')
  const [note, setNote] = useState(entry?.note ?? '')
  const targetOptions = useMemo(() => TARGET_LANGUAGES.map((code) => ({ value: code, label: name(code) })), [name])
  const sourceOptions = useMemo(() => LANGUAGES.map((code) => ({ value: code, label: code === 'auto' ? t('anySource') : name(code) })), [name, t])

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const input = { term, translation, targetLanguage: target, sourceLanguage: source === 'auto' ? null : source, note: note.trim() ? note : null }
    save.mutate(
      { id: entry?.id, input },
      {
        onSuccess: (saved) => {
          toast.success(t('form.saved', { term: saved.term }))
          onClose()
        },
      },
    )
  }

  return (
    <FormDialog
      {...mutationDialog(save, { onClose, failed: t('form.failed') })}
      title={entry ? t('form.editTitle') : t('form.addTitle')}
      formId="glossary-form"
      submitLabel={t('form.save')}
      submitTestId="glossary-save"
      onSubmit={submit}
    >
      <Field id="glossary-term" label={t('form.term')}>
        <Input id="glossary-term" value={term} onChange={(e) => setTerm(e.target.value)} maxLength={100} required autoFocus data-testid="glossary-term" />
      </Field>
      <Field id="glossary-translation" label={t('form.translation')}>
        <Input id="glossary-translation" value={translation} onChange={(e) => setTranslation(e.target.value)} maxLength={200} required data-testid="glossary-translation" />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="glossary-target" label={t('form.targetLanguage')}>
          <Select id="glossary-target" value={target || undefined} onValueChange={setTarget} options={targetOptions} data-testid="glossary-target" />
        </Field>
        <Field id="glossary-source" label={t('form.sourceLanguage')}>
          <Select id="glossary-source" value={source} onValueChange={setSource} options={sourceOptions} data-testid="glossary-source" />
        </Field>
      </div>
      <Field id="glossary-note" label={t('form.note')}>
        <Textarea id="glossary-note" value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} rows={2} data-testid="glossary-note" />
      </Field>
    </FormDialog>
  )
}
