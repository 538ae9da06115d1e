import type { HTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react'
import { Button } from './button'
import { cn } from './cn'
import { Skeleton } from './skeleton'

/**
 * A data table in a bordered card that scrolls sideways on narrow screens instead of squeezing.
 * `relative` keeps absolutely placed children (sr-only labels) inside the scroller, so they
 * cannot widen the page.
 */
export function Table({ className, ...rest }: HTMLAttributes<HTMLTableElement>) {
  return (
    <div className="relative overflow-x-auto rounded-xl border border-border bg-surface shadow-sm">
      <table className={cn('w-full border-collapse text-sm', className)} {...rest} />
    </div>
  )
}

export function THead({ className, ...rest }: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead className={cn('border-b border-border bg-surface-2/60 text-left text-xs font-medium text-muted', className)} {...rest} />
}

export function TBody({ className, ...rest }: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody className={cn('divide-y divide-border', className)} {...rest} />
}

export function TR({ className, ...rest }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={cn('transition-colors hover:bg-surface-2/40', className)} {...rest} />
}

export function TH({ className, ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" className={cn('px-4 py-2.5 font-medium whitespace-nowrap', className)} {...rest} />
}

export function TD({ className, ...rest }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn('px-4 py-3 align-middle', className)} {...rest} />
}

/** A row's edit and delete buttons, at the end of the row. */
export function EditDeleteTD({ edit, remove }: { edit: { label: string; onClick: () => void; ariaLabel?: string; testId: string }; remove: { label: string; onClick: () => void; ariaLabel?: string; testId: string } }) {
  return (
    <TD>
      <div className="flex justify-end gap-1.5">
        <Button variant="secondary" size="sm" onClick={edit.onClick} aria-label={edit.ariaLabel} data-testid={edit.testId}>
          {edit.label}
        </Button>
        <Button variant="ghost" size="sm" className="hover:text-danger" onClick={remove.onClick} aria-label={remove.ariaLabel} data-testid={remove.testId}>
          {remove.label}
        </Button>
      </div>
    </TD>
  )
}

/** A column of a table's head: its name, and the cell's classes (alignment, width) when it needs any. */
export type Column = string | { label: ReactNode; className?: string }

/** The column over a row's buttons: named for screen readers only. */
export const actionsColumn = (label: string): Column => ({ label: <span className="sr-only">{label}</span>, className: 'text-right' })

/** The head of a table: one row naming its columns. */
export function HeadRow({ columns }: { columns: readonly Column[] }) {
  return (
    <THead>
      <tr>
        {columns.map((column, i) => (typeof column === 'string' ? <TH key={i}>{column}</TH> : <TH key={i} className={column.className}>{column.label}</TH>))}
      </tr>
    </THead>
  )
}

/** Placeholder rows across all `columns` while a table's page loads. */
export function SkeletonRows({ rows, columns, height = 'h-9' }: { rows: number; columns: number; height?: string }) {
  return Array.from({ length: rows }, (_, i) => (
    <TR key={i}>
      <TD colSpan={columns}>
        <Skeleton className={cn(height, 'w-full')} />
      </TD>
    </TR>
  ))
}
