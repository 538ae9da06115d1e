import { Card } from './card'
import { cn } from './cn'

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-surface-2', className)} />
}

/** A card of placeholder lines, one a size in `lines` (its height and width classes), while it loads. */
export function SkeletonCard({ lines }: { lines: readonly string[] }) {
  return (
    <Card className="space-y-3 p-5">
      {lines.map((size, i) => (
        <Skeleton key={i} className={size} />
      ))}
    </Card>
  )
}

/** `rows` placeholder rows of a grid (`className`: its columns and spacing), one placeholder a cell, sized by `cells`. */
export function SkeletonGridRows({ rows, className, cells }: { rows: number; className: string; cells: readonly string[] }) {
  return Array.from({ length: rows }, (_, i) => (
    <div key={i} className={cn('grid gap-3 border-b border-border py-3', className)}>
      {cells.map((size, k) => (
        <Skeleton key={k} className={size} />
      ))}
    </div>
  ))
}
