'use client'

import { useTranslations } from 'next-intl'
import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { sendCodeSchema } from '@/lib/accounts/schemas'
import { sendCode, type CodePurpose } from '@/lib/client/accounts'
import { errorText } from '@/lib/client/api'
import { useHydrated } from '@/lib/client/use-hydrated'

// After a code is sent, a 60-second countdown disables the button (docs/product.md, Accounts).
const COOLDOWN_SECONDS = 60

type Props = {
  getEmail: () => string
  onInvalidEmail: (messageKey: string) => void
  onSent: () => void
  /** What the mailed code is for: sign-up (default) or password reset. */
  purpose?: CodePurpose
  /** The toast after sending (the reset form cannot say an account exists). */
  sentMessage?: (email: string) => string
  testId?: string
}

/** "Get code": checks the address with the server's rule, mails a code, then counts down 60 s. */
export function SendCodeButton({ getEmail, onInvalidEmail, onSent, purpose = 'register', sentMessage, testId = 'register-get-code' }: Props) {
  const t = useTranslations('auth.register')
  const [secondsLeft, setSecondsLeft] = useState(0)
  const [isSending, setIsSending] = useState(false)
  const isHydrated = useHydrated()

  useEffect(() => {
    if (secondsLeft <= 0) return
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000)
    return () => clearTimeout(timer)
  }, [secondsLeft])

  const send = async () => {
    const parsed = sendCodeSchema.safeParse({ email: getEmail() })
    if (!parsed.success) {
      onInvalidEmail(parsed.error.issues[0]?.message ?? 'emailInvalid')
      return
    }
    setIsSending(true)
    try {
      await sendCode(purpose, parsed.data.email)
      onSent()
      setSecondsLeft(COOLDOWN_SECONDS)
      toast.success(sentMessage ? sentMessage(parsed.data.email) : t('codeSent', { email: parsed.data.email }))
    } catch (error) {
      toast.error(errorText(error, t('sendFailed')))
    } finally {
      setIsSending(false)
    }
  }

  return (
    <Button
      variant="secondary"
      className="w-32 shrink-0 tabular"
      onClick={() => void send()}
      isLoading={isSending}
      disabled={secondsLeft > 0 || !isHydrated}
      data-testid={testId}
    >
      {secondsLeft > 0 ? t('resend', { seconds: secondsLeft }) : t('getCode')}
    </Button>
  )
}
