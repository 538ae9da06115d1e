'use client'

import { useState } from 'react'
import type { FieldValues, UseFormReturn } from 'react-hook-form'
import type { DialogOpenProps } from '@/components/ui/form-dialog'
import { errorText } from '@/lib/client/api'

/**
 * A react-hook-form form inside a FormDialog: `submit(work)` clears the last failure, runs the work
 * and keeps the server's message of a failure (`failed` when it has none); closing the dialog
 * resets the form (to `emptyValues` when given) and forgets the failure. `dialog` holds the
 * FormDialog's props for all of this, `open` included.
 */
export function useDialogForm<T extends FieldValues>(form: UseFormReturn<T>, { open, onOpenChange, failed, emptyValues }: DialogOpenProps & { failed: string; emptyValues?: T }) {
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
  return { close, submit, dialog: { open, onOpenChange: close, isSubmitting: form.formState.isSubmitting, failure } }
}
