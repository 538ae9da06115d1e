import { cn } from './cn'

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center gap-2">
      <svg className={cn('size-5 animate-spin text-current', className)} viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      {label && <span className="text-sm text-muted">{label}</span>}
    </span>
  )
}

/** A whole area waiting for its page: a spinner in its middle, announced with `label` (`className`: the area's size and colour). */
export function LoadingArea({ label, className, spinnerClassName, testId }: { label: string; className: string; spinnerClassName: string; testId: string }) {
  return (
    <div className={cn('flex items-center justify-center', className)} data-testid={testId}>
      <Spinner className={cn('text-brand', spinnerClassName)} label={label} />
    </div>
  )
}
