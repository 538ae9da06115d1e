import type { ReactNode } from 'react'

/** A dashboard view: its heading and one line under it, its actions on the right, then its body. */
export function ViewSection({ id, title, subtitle, actions, children }: { id: string; title: ReactNode; subtitle: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="max-w-2xl">
          <h2 id={id} className="text-base font-semibold text-fg">
            {title}
          </h2>
          <p className="mt-0.5 text-sm text-muted">{subtitle}</p>
        </div>
        {actions}
      </div>
      {children}
    </section>
  )
}
