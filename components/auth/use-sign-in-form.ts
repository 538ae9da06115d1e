'use client'

import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm, type FieldValues } from 'react-hook-form'
import { toast } from 'sonner'
import type { z } from 'zod'
import { useErrorText } from '@/components/accounts/use-error-text'
import type { SignedInUser } from '@/lib/client/accounts'
import { errorText } from '@/lib/client/api'
import { useHydrated } from '@/lib/client/use-hydrated'
import { useLocalizedPath } from '@/lib/client/use-localized-path'
import { storeUser } from '@/lib/client/user-store'

/**
 * A form that ends signed in (registering, resetting the password), validated with the server's
 * own schema before it is sent. Rules: no default values (whatever was typed before hydration is
 * read from the inputs, not wiped); on success the user is stored, `success` shows and the
 * dashboard opens with a full load; a failure's message is kept for display.
 */
export function useSignInForm<T extends FieldValues>(schema: z.ZodType<T, T>, send: (values: T) => Promise<SignedInUser>, texts: { success: string; failed: string }) {
  const errorMessage = useErrorText()
  const localized = useLocalizedPath()
  const [failure, setFailure] = useState<string | null>(null)
  const isHydrated = useHydrated()
  const form = useForm<T>({ resolver: zodResolver(schema), mode: 'onTouched' })
  const { errors, isSubmitting, isSubmitSuccessful } = form.formState

  const submit = form.handleSubmit(async (values) => {
    setFailure(null)
    try {
      storeUser(await send(values))
      toast.success(texts.success)
      // "/" sends a signed-in visitor on to the dashboard (proxy.ts): go there directly, with a full load.
      window.location.assign(localized('/dashboard'))
    } catch (error) {
      setFailure(errorText(error, texts.failed))
      // The form stays unsubmitted, so the button stops spinning.
      throw error
    }
  })

  return {
    form,
    errors,
    errorMessage,
    failure,
    isHydrated,
    isBusy: isSubmitting || isSubmitSuccessful,
    onSubmit: (event: React.FormEvent<HTMLFormElement>) => void submit(event).catch(() => {}),
  }
}
