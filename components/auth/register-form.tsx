'use client'

import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { Field, Input } from '@/components/ui/input'
import { registerSchema, type RegisterInput } from '@/lib/accounts/schemas'
import { register } from '@/lib/client/accounts'
import { AuthFooterLink, AuthFormCard } from './auth-card'
import { SendCodeButton } from './send-code-button'
import { useSignInForm } from './use-sign-in-form'

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
  const { form, errors, errorMessage, failure, isHydrated, isBusy, onSubmit } = useSignInForm(registerSchema, register, { success: t('success'), failed: t('failed') })

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

  return (
    <AuthFormCard
      title={t('title')}
      subtitle={t('subtitle')}
      footer={
        <AuthFooterLink lead={t('haveAccount')} href="/login" testId="register-back">
          {t('backToLogin')}
        </AuthFooterLink>
      }
      testId="register-form"
      onSubmit={onSubmit}
      failure={failure}
    >
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
      <Button type="submit" className="w-full" isLoading={isBusy} disabled={!isHydrated} data-testid="register-submit">
        {t('submit')}
      </Button>
    </AuthFormCard>
  )
}
