'use client'

import type { ReactNode } from 'react'

/** A toolbar button with an icon and a label (the label hidden on narrow screens), and an optional count beside it. */
export function ToolbarTextButton({ label, onClick, testId, icon, badge }: { label: string; onClick: () => void; testId: string; icon: ReactNode; badge?: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      title={label}
      data-testid={testId}
      className="inline-flex h-8 shrink-0 items-center gap-1.5 rounded-md px-2 text-xs font-medium whitespace-nowrap text-muted transition-colors hover:bg-surface-2 hover:text-fg focus-visible:ring-2 focus-visible:ring-brand focus-visible:outline-none"
    >
      <svg viewBox="0 0 16 16" fill="none" aria-hidden="true" className="size-4 shrink-0">
        {icon}
      </svg>
      <span className="max-lg:sr-only">{label}</span>
      {badge}
    </button>
  )
}
