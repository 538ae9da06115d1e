'use client'

import { useTranslations } from 'next-intl'
import type { ComponentType, FormEvent, ReactNode } from 'react'
import { FailureAlert } from './alert'
import { Button } from './button'
import { Dialog, type DialogProps } from './dialog'

/** What a dialog's owner passes to open and close it. */
export type DialogOpenProps = Pick<DialogProps, 'open' | 'onOpenChange'>

type Props = Pick<DialogProps, 'open' | 'onOpenChange' | 'title' | 'description' | 'className'> & {
  /** Ties the footer's submit button to the form (and is the form's test id). */
  formId: string
  submitLabel: ReactNode
  submitTestId?: string
  /** Called with the browser's own submit already prevented. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  isSubmitting: boolean
  /** Blocks submitting without the spinner (e.g. while a picture uploads). */
  isBlocked?: boolean
  /** The server's message of the last failed submit (or the form's own complaint), shown above the fields. */
  failure: string | null
  /** The form's classes (its fields' spacing); `className` is the dialog's. */
  formClassName?: string
  children: ReactNode
}

/** A dialog holding one form: cancel and submit in the footer, locked while submitting, the failure on top. */
export function FormDialog({ formId, submitLabel, submitTestId, onSubmit, isSubmitting, isBlocked, failure, formClassName, children, ...dialog }: Props) {
  const tc = useTranslations('common')
  return (
    <Dialog
      {...dialog}
      isLocked={isSubmitting}
      footer={
        <>
          <Button variant="secondary" onClick={() => dialog.onOpenChange(false)} disabled={isSubmitting}>
            {tc('cancel')}
          </Button>
          <Button type="submit" form={formId} isLoading={isSubmitting} disabled={isBlocked} data-testid={submitTestId}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        onSubmit={(event) => {
          event.preventDefault()
          onSubmit(event)
        }}
        noValidate
        className={formClassName ?? 'space-y-4'}
        data-testid={formId}
      >
        <FailureAlert message={failure} />
        {children}
      </form>
    </Dialog>
  )
}

/**
 * A dialog whose contents exist only while it is open: each opening starts from fresh state (the
 * drafts of the last one are gone).
 */
export function whileOpen<P extends DialogOpenProps>(Contents: ComponentType<Omit<P, 'open'>>) {
  return function WhileOpen({ open, ...rest }: P) {
    return open ? <Contents {...rest} /> : null
  }
}
