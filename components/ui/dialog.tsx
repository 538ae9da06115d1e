'use client'

import * as RadixDialog from '@radix-ui/react-dialog'
import type { ReactNode } from 'react'
import { cn } from './cn'

export type DialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  footer?: ReactNode
  /** While true, Escape and outside clicks do not close it (e.g. an upload in progress). */
  isLocked?: boolean
  className?: string
}

export function Dialog({ open, onOpenChange, title, description, children, footer, isLocked, className }: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => (!isLocked || next) && onOpenChange(next)}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/40 backdrop-blur-[1px]" />
        <RadixDialog.Content
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto overscroll-contain rounded-xl border border-border bg-surface p-6 shadow-xl focus:outline-none',
            className,
          )}
          onEscapeKeyDown={(e) => isLocked && e.preventDefault()}
          onPointerDownOutside={(e) => isLocked && e.preventDefault()}
        >
          <RadixDialog.Title className="text-lg font-semibold text-fg">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-1 text-sm text-muted">{description}</RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
          )}
          <div className="mt-4">{children}</div>
          {/* Pinned to the dialog's bottom edge: its actions stay in view however long the content is. */}
          {footer && <div className="sticky -bottom-6 z-10 -mx-6 mt-6 -mb-6 flex justify-end gap-2 border-t border-border bg-surface px-6 py-4">{footer}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}
