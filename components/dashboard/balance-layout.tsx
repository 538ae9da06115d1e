import type { ReactNode } from 'react'
import { BalanceCard } from './balance-card'

/** The points views (buy points, my orders): the balance card beside the view's own content. */
export function BalanceLayout({ children }: { children: ReactNode }) {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
      <BalanceCard />
      {children}
    </div>
  )
}
