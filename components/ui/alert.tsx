import type { ReactNode } from 'react'
import { cn } from './cn'

type Tone = 'info' | 'success' | 'warning' | 'danger'
const TONES: Record<Tone, string> = {
  info: 'border-info/30 bg-info-subtle text-info',
  success: 'border-success/30 bg-success-subtle text-success',
  warning: 'border-warning/30 bg-warning-subtle text-warning',
  danger: 'border-danger/30 bg-danger-subtle text-danger',
}

export function Alert({ tone = 'info', children, action, className }: { tone?: Tone; children: ReactNode; action?: ReactNode; className?: string }) {
  return (
    <div role={tone === 'danger' ? 'alert' : 'status'} className={cn('flex items-start justify-between gap-3 rounded-lg border px-4 py-3 text-sm', TONES[tone], className)}>
      <div>{children}</div>
      {action}
    </div>
  )
}

/** The server's message of a form's last failed submit, above its fields; nothing when there is none. */
export function FailureAlert({ message }: { message: string | null }) {
  if (!message) return null
  return (
    <Alert tone="danger" className="py-2.5">
      {message}
    </Alert>
  )
}
