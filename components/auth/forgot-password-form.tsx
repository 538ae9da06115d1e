'use client'

import { useTranslations } from 'next-intl'
import { Button } from '@/components/ui/button'
import { Field, Input } from '@/components/ui/input'
import { resetPasswordFormSchema, type ResetPasswordInput } from '@/lib/accounts/schemas'
import { resetPassword } from '@/lib/client/accounts'
import { AuthFooterLink, AuthFormCard } from './auth-card'
import { SendCodeButton } from './send-code-button'
import { useSignInForm } from './use-sign-in-form'

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
  const { form, errors, errorMessage, failure, isHydrated, isBusy, onSubmit } = useSignInForm(resetPasswordFormSchema, ({ email, code, pass }: ResetPasswordInput) => resetPassword({ email, code, pass }), {
    success: t('success'),
    failed: t('failed'),
  })

  return (
    <AuthFormCard
      title={t('title')}
      subtitle={t('subtitle')}
      footer={
        <AuthFooterLink href="/login" testId="forgot-back">
          {t('backToLogin')}
        </AuthFooterLink>
      }
      testId="forgot-form"
      onSubmit={onSubmit}
      failure={failure}
    >
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
      <Button type="submit" className="w-full" isLoading={isBusy} disabled={!isHydrated} data-testid="forgot-submit">
        {t('submit')}
      </Button>
    </AuthFormCard>
  )
}
