'use client'

import { useState } from 'react'

/**
 * FormDialog's props for a dialog whose form keeps its own state (mounted only while open): busy
 * while `run(work)` runs. With `failureText`, a failed work's message shows in the dialog, which
 * stays open; without it the error goes on to the caller.
 */
export function useDialogAction({ onOpenChange, failureText }: { onOpenChange: (open: boolean) => void; failureText?: (error: unknown) => string }) {
  const [isSubmitting, setSubmitting] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const run = async (work: () => Promise<void>) => {
    setSubmitting(true)
    try {
      await work()
    } catch (error) {
      if (!failureText) throw error
      setFailure(failureText(error))
    } finally {
      setSubmitting(false)
    }
  }
  return { run, dialog: { open: true, onOpenChange, isSubmitting, failure } }
}
