'use client'

import { useTranslations } from 'next-intl'
import type { FormEvent, ReactNode } from 'react'
import { FailureAlert } from './alert'
import { Button } from './button'
import { Dialog, type DialogProps } from './dialog'

type Props = Pick<DialogProps, 'open' | 'onOpenChange' | 'title' | 'description' | 'className'> & {
  /** Ties the footer's submit button to the form. */
  formId: string
  submitLabel: ReactNode
  submitTestId?: string
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  isSubmitting: boolean
  /** Blocks submitting without the spinner (e.g. while a picture uploads). */
  isBlocked?: boolean
  /** The server's message of the last failed submit, shown above the fields. */
  failure: string | null
  children: ReactNode
}

/** A dialog holding one form: cancel and submit in the footer, locked while submitting, the failure on top. */
export function FormDialog({ open, onOpenChange, title, description, formId, submitLabel, submitTestId, onSubmit, isSubmitting, isBlocked, failure, className, children }: Props) {
  const tc = useTranslations('common')
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      isLocked={isSubmitting}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={isSubmitting}>
            {tc('cancel')}
          </Button>
          <Button type="submit" form={formId} isLoading={isSubmitting} disabled={isBlocked} data-testid={submitTestId}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className={className ?? 'space-y-4'} data-testid={formId}>
        <FailureAlert message={failure} />
        {children}
      </form>
    </Dialog>
  )
}
