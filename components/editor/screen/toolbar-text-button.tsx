'use client'

import { useState, type ReactNode } from 'react'
import { cn } from '@/components/ui/cn'

/**
 * `visible`: label beside the icon (hidden on narrow screens); `wide`: the same from 2xl screens
 * on (tools that are off most of the time: a 1280 px window keeps the whole toolbar in view); `aria`: icon only;
 * `after`: the children's text first, the label for screen readers.
 */
type LabelMode = 'visible' | 'wide' | 'aria' | 'after'

/** One of the editor toolbar's buttons: the icon (`children`), its label as `labelMode` says, then `badge` (a count). */
export function ToolbarButton({ label, onClick, children, badge, testId, isDisabled, pressed, labelMode = 'visible', className, shortcut }: { label: string; onClick: () => void; children: ReactNode; badge?: ReactNode; testId: string; isDisabled?: boolean; pressed?: boolean; labelMode?: LabelMode; className?: string; shortcut?: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={isDisabled}
      aria-pressed={pressed}
      aria-label={labelMode === 'aria' ? label : undefined}
      aria-keyshortcuts={shortcut}
      title={shortcut ? `${label} (${shortcut.replace('Control', 'Ctrl')})` : label}
      data-testid={testId}
      className={cn(
        'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-md px-2 text-xs font-medium whitespace-nowrap text-muted transition-colors hover:bg-surface-2 hover:text-fg focus-visible:ring-2 focus-visible:ring-brand focus-visible:outline-none disabled:pointer-events-none disabled:opacity-40',
        pressed && 'bg-brand-subtle text-brand hover:bg-brand-subtle hover:text-brand',
        className,
      )}
    >
      {children}
      {labelMode === 'visible' && <span className="max-lg:sr-only">{label}</span>}
      {labelMode === 'wide' && <span className="max-2xl:sr-only">{label}</span>}
      {labelMode === 'after' && <span className="sr-only">{label}</span>}
      {badge}
    </button>
  )
}

type TextButtonProps = { label: string; onClick: () => void; testId: string; icon: ReactNode; badge?: ReactNode }

/** A toolbar button with an icon drawn from `icon` (SVG paths on a 16 px box) and a label, and an optional count beside it. */
export function ToolbarTextButton({ icon, ...button }: TextButtonProps) {
  return (
    <ToolbarButton {...button}>
      <svg viewBox="0 0 16 16" fill="none" aria-hidden="true" className="size-4 shrink-0">
        {icon}
      </svg>
    </ToolbarButton>
  )
}

/**
 * A toolbar text button that opens a dialog: `dialog(open, setOpen)` draws the dialog, mounted only
 * while open or always (to keep its state), as the dialog needs.
 */
export function ToolbarDialogButton({ dialog, ...button }: Omit<TextButtonProps, 'onClick'> & { dialog: (open: boolean, setOpen: (open: boolean) => void) => ReactNode }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <ToolbarTextButton {...button} onClick={() => setOpen(true)} />
      {dialog(open, setOpen)}
    </>
  )
}
