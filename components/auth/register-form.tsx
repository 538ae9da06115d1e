'use client'

import { zodResolver } from '@hookform/resolvers/zod'
import { useTranslations } from 'next-intl'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Field, Input } from '@/components/ui/input'
import { LocalizedLink } from '@/components/layout/localized-link'
import { useErrorText } from '@/components/accounts/use-error-text'
import { registerSchema, type RegisterInput } from '@/lib/accounts/schemas'
import { register } from '@/lib/client/accounts'
import { errorText } from '@/lib/client/api'
import { useHydrated } from '@/lib/client/use-hydrated'
import { useLocalizedPath } from '@/lib/client/use-localized-path'
import { storeUser } from '@/lib/client/user-store'
import { AuthCard } from './auth-card'
import { SendCodeButton } from './send-code-button'

type FieldName = keyof RegisterInput
const FIELDS: { name: FieldName; type: string; autoComplete: string; placeholder?: 'namePlaceholder' | 'passwordPlaceholder' }[] = [
  { name: 'email', type: 'email', autoComplete: 'email' },
  { name: 'name', type: 'text', autoComplete: 'nickname', placeholder: 'namePlaceholder' },
  { name: 'pass', type: 'password', autoComplete: 'new-password', placeholder: 'passwordPlaceholder' },
]
const LABELS = { email: 'email', name: 'name', pass: 'password', code: 'code' } as const

/** /register: email, name, password and the mailed code; signs in and goes home on success. */
export function RegisterForm() {
  const t = useTranslations('auth.register')
  const errorMessage = useErrorText()
  const localized = useLocalizedPath()
  const [failure, setFailure] = useState<string | null>(null)
  const isHydrated = useHydrated()
  // No default values: whatever was typed before hydration is read from the inputs, not wiped.
  const form = useForm<RegisterInput>({ resolver: zodResolver(registerSchema), mode: 'onTouched' })
  const { errors, isSubmitting, isSubmitSuccessful } = form.formState

  const submit = form.handleSubmit(async (values) => {
    setFailure(null)
    try {
      const user = await register(values)
      storeUser(user)
      toast.success(t('success'))
      // "/" sends a signed-in visitor on to the dashboard (proxy.ts): go there directly, with a full load.
      window.location.assign(localized('/dashboard'))
    } catch (error) {
      setFailure(errorText(error, t('failed')))
      throw error
    }
  })

  const input = (name: FieldName, type: string, autoComplete: string, placeholder?: string) => (
    <Input
      id={`register-${name}`}
      type={type}
      autoComplete={autoComplete}
      placeholder={placeholder}
      invalid={Boolean(errors[name])}
      aria-describedby={errors[name] ? `register-${name}-error` : undefined}
      data-testid={`register-${name}`}
      {...(name === 'code' ? { inputMode: 'numeric' as const, maxLength: 6 } : {})}
      {...form.register(name)}
    />
  )

  const footer = (
    <>
      {t('haveAccount')}{' '}
      <LocalizedLink href="/login" className="font-medium text-brand hover:underline" data-testid="register-back">
        {t('backToLogin')}
      </LocalizedLink>
    </>
  )

  return (
    <AuthCard title={t('title')} subtitle={t('subtitle')} footer={footer} className="max-w-md">
      <form onSubmit={(e) => void submit(e).catch(() => {})} noValidate className="space-y-4" data-testid="register-form">
        {failure && (
          <Alert tone="danger" className="py-2.5">
            {failure}
          </Alert>
        )}
        {FIELDS.map(({ name, type, autoComplete, placeholder }) => (
          <Field key={name} id={`register-${name}`} label={t(LABELS[name])} error={errorMessage(errors[name]?.message)}>
            {input(name, type, autoComplete, placeholder ? t(placeholder) : undefined)}
          </Field>
        ))}
        <Field id="register-code" label={t('code')} error={errorMessage(errors.code?.message)}>
          <div className="flex gap-2">
            <div className="flex-1">{input('code', 'text', 'one-time-code', t('codePlaceholder'))}</div>
            <SendCodeButton getEmail={() => form.getValues('email') ?? ''} onInvalidEmail={(key) => form.setError('email', { message: key }, { shouldFocus: true })} onSent={() => form.clearErrors('email')} />
          </div>
        </Field>
        <Button type="submit" className="w-full" isLoading={isSubmitting || isSubmitSuccessful} disabled={!isHydrated} data-testid="register-submit">
          {t('submit')}
        </Button>
      </form>
    </AuthCard>
  )
}
