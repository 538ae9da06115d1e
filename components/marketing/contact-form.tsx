'use client'

import { useTranslations } from 'next-intl'
import { useState, type FormEvent } from 'react'
import { Toaster, toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Field, Input, Textarea } from '@/components/ui/input'

const FIELDS = ['name', 'email', 'subject', 'message'] as const
type Values = Record<(typeof FIELDS)[number], string>
const EMPTY: Values = { name: '', email: '', subject: '', message: '' }
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The contact form: validated, makes no call; submitting shows success and clears it. */
export function ContactForm() {
  const t = useTranslations('contact')
  const [values, setValues] = useState<Values>(EMPTY)
  const [errors, setErrors] = useState<Partial<Values>>({})

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const next: Partial<Values> = {}
    for (const key of FIELDS) if (!values[key].trim()) next[key] = t('required')
    if (!next.email && !EMAIL.test(values.email.trim())) next.email = t('invalidEmail')
    setErrors(next)
    if (Object.keys(next).length > 0) return
    toast.success(t('sent'))
    setValues(EMPTY)
  }

  return (
    <form noValidate onSubmit={submit} className="mt-4 space-y-4" data-testid="contact-form">
      {FIELDS.map((key) => {
        const props = {
          id: `contact-${key}`,
          name: key,
          value: values[key],
          invalid: Boolean(errors[key]),
          'aria-describedby': errors[key] ? `contact-${key}-error` : undefined,
        }
        const onChange = (value: string) => setValues((v) => ({ ...v, [key]: value }))
        return (
          <Field key={key} id={`contact-${key}`} label={t(key)} error={errors[key]}>
            {key === 'message' ? (
              <Textarea {...props} rows={5} onChange={(e) => onChange(e.target.value)} />
            ) : (
              <Input {...props} type={key === 'email' ? 'email' : 'text'} onChange={(e) => onChange(e.target.value)} />
            )}
          </Field>
        )
      })}
      <Button type="submit" className="w-full sm:w-auto">
        {t('send')}
      </Button>
      {/* Public pages have no app-wide toaster: the one page that toasts brings its own. */}
      <Toaster position="top-center" theme="system" richColors closeButton />
    </form>
  )
}
