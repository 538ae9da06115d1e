import type { ReactNode } from 'react'
import { cn } from './cn'

/** One choice of a `radiogroup`, drawn as a card: its name, and a line about it under the name. */
export function RadioCard({ isChecked, onSelect, label, hint, hintClassName, testId }: { isChecked: boolean; onSelect: () => void; label: ReactNode; hint: ReactNode; hintClassName?: string; testId: string }) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={isChecked}
      onClick={onSelect}
      data-testid={testId}
      className={cn(
        'rounded-lg border px-3 py-2.5 text-left transition-colors focus-visible:ring-2 focus-visible:ring-brand focus-visible:outline-none',
        isChecked ? 'border-brand bg-brand-subtle' : 'border-border hover:bg-surface-2',
      )}
    >
      <span className={cn('block text-sm font-medium', isChecked ? 'text-brand' : 'text-fg')}>{label}</span>
      <span className={cn('mt-0.5 block text-xs text-muted', hintClassName)}>{hint}</span>
    </button>
  )
}
