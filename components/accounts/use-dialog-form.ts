'use client'

import { useState } from 'react'
import type { FieldValues, UseFormReturn } from 'react-hook-form'
import { errorText } from '@/lib/client/api'

/**
 * A react-hook-form form inside a FormDialog: `submit(work)` clears the last failure, runs the work
 * and keeps the server's message of a failure (`failed` when it has none); closing the dialog
 * resets the form (to `emptyValues` when given) and forgets the failure. `dialog` holds the
 * FormDialog's props for all of this.
 */
export function useDialogForm<T extends FieldValues>(form: UseFormReturn<T>, { onOpenChange, failed, emptyValues }: { onOpenChange: (open: boolean) => void; failed: string; emptyValues?: T }) {
  const [failure, setFailure] = useState<string | null>(null)
  const close = (next: boolean) => {
    if (!next) {
      form.reset(emptyValues)
      setFailure(null)
    }
    onOpenChange(next)
  }
  const submit = (work: (values: T) => Promise<void>) =>
    form.handleSubmit(async (values) => {
      setFailure(null)
      try {
        await work(values)
      } catch (error) {
        setFailure(errorText(error, failed))
      }
    })
  return { close, submit, dialog: { onOpenChange: close, isSubmitting: form.formState.isSubmitting, failure } }
}
