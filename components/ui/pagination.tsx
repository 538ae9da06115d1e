'use client'

import { Button } from './button'

type Props = {
  page: number
  totalPages: number
  onPageChange: (page: number) => void
  /** Texts of the calling screen, so the kit needs no message namespace of its own. */
  labels: { previous: string; next: string; status: string }
  isDisabled?: boolean
}

/** Previous / next paging with "page x of y"; hidden when everything fits on one page. */
export function Pagination({ page, totalPages, onPageChange, labels, isDisabled }: Props) {
  if (totalPages <= 1) return null
  return (
    <nav aria-label={labels.status} className="flex items-center justify-end gap-3 text-sm">
      <span className="tabular text-muted" aria-live="polite">
        {labels.status}
      </span>
      <Button variant="secondary" size="sm" disabled={isDisabled || page <= 1} onClick={() => onPageChange(page - 1)}>
        {labels.previous}
      </Button>
      <Button variant="secondary" size="sm" disabled={isDisabled || page >= totalPages} onClick={() => onPageChange(page + 1)}>
        {labels.next}
      </Button>
    </nav>
  )
}
