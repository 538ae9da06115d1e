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
import { resetPasswordFormSchema, type ResetPasswordInput } from '@/lib/accounts/schemas'
import { resetPassword } from '@/lib/client/accounts'
import { errorText } from '@/lib/client/api'
import { useHydrated } from '@/lib/client/use-hydrated'
import { useLocalizedPath } from '@/lib/client/use-localized-path'
import { storeUser } from '@/lib/client/user-store'
import { AuthCard } from './auth-card'
import { SendCodeButton } from './send-code-button'

type FieldName = keyof ResetPasswordInput
const PASSWORDS: { name: FieldName; label: 'password' | 'confirm' }[] = [
  { name: 'pass', label: 'password' },
  { name: 'confirm', label: 'confirm' },
]

/**
 * /forgot-password: the email, the mailed reset code and a new password typed twice. On success
 * every other session of the account has ended and this browser is signed in: on to the dashboard.
 */
export function ForgotPasswordForm() {
  const t = useTranslations('auth.forgot')
  const errorMessage = useErrorText()
  const localized = useLocalizedPath()
  const [failure, setFailure] = useState<string | null>(null)
  const isHydrated = useHydrated()
  // No default values: whatever was typed before hydration is read from the inputs, not wiped.
  const form = useForm<ResetPasswordInput>({ resolver: zodResolver(resetPasswordFormSchema), mode: 'onTouched' })
  const { errors, isSubmitting, isSubmitSuccessful } = form.formState

  const submit = form.handleSubmit(async ({ email, code, pass }) => {
    setFailure(null)
    try {
      const user = await resetPassword({ email, code, pass })
      storeUser(user)
      toast.success(t('success'))
      window.location.assign(localized('/dashboard'))
    } catch (error) {
      setFailure(errorText(error, t('failed')))
      throw error
    }
  })

  const footer = (
    <LocalizedLink href="/login" className="font-medium text-brand hover:underline" data-testid="forgot-back">
      {t('backToLogin')}
    </LocalizedLink>
  )

  return (
    <AuthCard title={t('title')} subtitle={t('subtitle')} footer={footer} className="max-w-md">
      <form onSubmit={(e) => void submit(e).catch(() => {})} noValidate className="space-y-4" data-testid="forgot-form">
        {failure && (
          <Alert tone="danger" className="py-2.5">
            {failure}
          </Alert>
        )}
        <Field id="forgot-email" label={t('email')} error={errorMessage(errors.email?.message)}>
          <Input id="forgot-email" type="email" autoComplete="email" inputMode="email" invalid={Boolean(errors.email)} data-testid="forgot-email" {...form.register('email')} />
        </Field>
        <Field id="forgot-code" label={t('code')} error={errorMessage(errors.code?.message)}>
          <div className="flex gap-2">
            <div className="flex-1">
              <Input id="forgot-code" autoComplete="one-time-code" inputMode="numeric" maxLength={6} placeholder={t('codePlaceholder')} invalid={Boolean(errors.code)} data-testid="forgot-code" {...form.register('code')} />
            </div>
            <SendCodeButton
              purpose="reset"
              testId="forgot-get-code"
              sentMessage={(email) => t('codeSent', { email })}
              getEmail={() => form.getValues('email') ?? ''}
              onInvalidEmail={(key) => form.setError('email', { message: key }, { shouldFocus: true })}
              onSent={() => form.clearErrors('email')}
            />
          </div>
        </Field>
        {PASSWORDS.map(({ name, label }) => (
          <Field key={name} id={`forgot-${name}`} label={t(label)} error={errorMessage(errors[name]?.message)}>
            <Input id={`forgot-${name}`} type="password" autoComplete="new-password" placeholder={name === 'pass' ? t('passwordPlaceholder') : undefined} invalid={Boolean(errors[name])} data-testid={`forgot-${name}`} {...form.register(name)} />
          </Field>
        ))}
        <Button type="submit" className="w-full" isLoading={isSubmitting || isSubmitSuccessful} disabled={!isHydrated} data-testid="forgot-submit">
          {t('submit')}
        </Button>
      </form>
    </AuthCard>
  )
}
