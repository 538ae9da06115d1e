import type { ReactNode } from 'react'
import { cn } from './cn'

type Props = { title: ReactNode; body?: ReactNode; action?: ReactNode; icon?: ReactNode; className?: string; children?: ReactNode }

/** What to do next when there is nothing to show: optional icon, title, one line of help, the action. */
export function EmptyState({ title, body, action, icon, className, children }: Props) {
  return (
    <div className={cn('flex flex-col items-center justify-center rounded-xl border border-dashed border-border px-6 py-14 text-center', className)}>
      {icon && <div className="mb-4 flex size-11 items-center justify-center rounded-full bg-brand-subtle text-brand [&_svg]:size-5">{icon}</div>}
      <p className="text-base font-semibold text-fg">{title}</p>
      {body && <p className="mt-1.5 max-w-md text-sm text-pretty text-muted">{body}</p>}
      {children}
      {action && <div className="mt-6 flex flex-wrap justify-center gap-3">{action}</div>}
    </div>
  )
}
