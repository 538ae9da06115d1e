'use client'

import { zodResolver } from '@hookform/resolvers/zod'
import { useTranslations } from 'next-intl'
import { useRouter } from 'next/navigation'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Alert, FailureAlert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { InputField } from '@/components/ui/input'
import { LocalizedLink } from '@/components/layout/localized-link'
import { useErrorText } from '@/components/accounts/use-error-text'
import { emailLoginSchema, type EmailLoginInput } from '@/lib/accounts/schemas'
import { signInWithEmail } from '@/lib/client/accounts'
import { errorText } from '@/lib/client/api'
import { useHydrated } from '@/lib/client/use-hydrated'
import { useLocalizedPath } from '@/lib/client/use-localized-path'
import { storeUser } from '@/lib/client/user-store'

// After an email sign-in the dashboard opens after about one second (docs/product.md, Pages).
const REDIRECT_DELAY_MS = 1000

/** Email and password sign-in, validated with the server's own schema before it is sent. */
export function EmailLoginForm() {
  const t = useTranslations('auth.login')
  const errorMessage = useErrorText()
  const router = useRouter()
  const localized = useLocalizedPath()
  const [failure, setFailure] = useState<string | null>(null)
  const [isDone, setIsDone] = useState(false)
  useEffect(() => {
    if (!isDone) return
    const timer = setTimeout(() => router.push(localized('/dashboard')), REDIRECT_DELAY_MS)
    return () => clearTimeout(timer)
    // Navigates once, when the sign-in has succeeded.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isDone])
  const isHydrated = useHydrated()
  // No default values: whatever was typed before hydration is read from the inputs, not wiped.
  const form = useForm<EmailLoginInput>({ resolver: zodResolver(emailLoginSchema), mode: 'onTouched' })
  const { errors, isSubmitting } = form.formState

  const submit = form.handleSubmit(async (values) => {
    setFailure(null)
    try {
      const user = await signInWithEmail(values)
      storeUser(user)
      setIsDone(true)
    } catch (error) {
      setFailure(errorText(error, t('failed')))
    }
  })

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="email-login-form">
      <FailureAlert message={failure} />
      {isDone && (
        <Alert tone="success" className="py-2.5">
          {t('success')}
        </Alert>
      )}
      <InputField id="login-email" label={t('email')} error={errorMessage(errors.email?.message)} type="email" autoComplete="email" inputMode="email" placeholder={t('emailPlaceholder')} {...form.register('email')} />
      <InputField id="login-password" label={t('password')} error={errorMessage(errors.pass?.message)} type="password" autoComplete="current-password" placeholder={t('passwordPlaceholder')} {...form.register('pass')} />
      <div className="-mt-2 text-right text-sm">
        <LocalizedLink href="/forgot-password" className="text-brand hover:underline" data-testid="login-forgot-link">
          {t('forgot')}
        </LocalizedLink>
      </div>
      <Button type="submit" className="w-full" isLoading={isSubmitting || isDone} disabled={!isHydrated} data-testid="login-submit">
        {t('submit')}
      </Button>
    </form>
  )
}
