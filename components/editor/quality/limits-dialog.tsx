'use client'

import { useTranslations } from 'next-intl'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { FormDialog } from '@/components/ui/form-dialog'
import { Field, Input } from '@/components/ui/input'
import { LIMIT_BOUNDS, type Limits } from './quality'

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  limits: Limits
  defaults: Limits
  languageName: string
  onSave: (limits: Limits | null) => void
}

const KEYS: (keyof Limits)[] = ['maxCps', 'maxLineChars', 'maxLines']

function Body({ onOpenChange, limits, defaults, languageName, onSave }: Omit<Props, 'open'>) {
  const t = useTranslations('editor.limits')
  const tc = useTranslations('common')
  const [values, setValues] = useState(() => Object.fromEntries(KEYS.map((k) => [k, String(limits[k])])) as Record<keyof Limits, string>)
  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title={t('title')}
      description={t('description', { language: languageName })}
      formId="limits-form"
      submitLabel={tc('save')}
      submitTestId="limits-save"
      isSubmitting={false}
      failure={null}
      onSubmit={(event) => {
        event.preventDefault()
        onSave(Object.fromEntries(KEYS.map((k) => [k, Number(values[k])])) as Limits)
        onOpenChange(false)
      }}
    >
      {KEYS.map((key) => (
        <Field key={key} id={`limit-${key}`} label={t(key)}>
          <Input
            id={`limit-${key}`}
            type="number"
            min={LIMIT_BOUNDS[key].min}
            max={LIMIT_BOUNDS[key].max}
            value={values[key]}
            onChange={(e) => setValues({ ...values, [key]: e.target.value })}
            data-testid={`limit-${key}`}
          />
        </Field>
      ))}
      <div className="flex items-center justify-between gap-3">
        <p className="text-xs text-subtle">{t('hint')}</p>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setValues(Object.fromEntries(KEYS.map((k) => [k, String(defaults[k])])) as Record<keyof Limits, string>)
            onSave(null)
          }}
          data-testid="limits-reset"
        >
          {t('reset')}
        </Button>
      </div>
    </FormDialog>
  )
}

/** The quality limits of the task's target language, kept in this browser. */
export function LimitsDialog(props: Props) {
  if (!props.open) return null
  return <Body {...props} />
}
