'use client'

import { useTranslations } from 'next-intl'
import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'

const SIZES = [10, 20, 50]

type Props = { page: number; size: number; total: number; totalPages: number; isBusy: boolean; onPage: (page: number) => void; onSize: (size: number) => void }

/** Paging for the user table: total, previous / next, page size changer and a quick jump. */
export function UsersPager({ page, size, total, totalPages, isBusy, onPage, onSize }: Props) {
  const t = useTranslations('admin')
  const [jump, setJump] = useState('')
  const go = (event: FormEvent) => {
    event.preventDefault()
    const target = Number(jump)
    if (Number.isInteger(target) && target >= 1) onPage(Math.min(target, totalPages))
    setJump('')
  }
  return (
    <nav aria-label={t('pageOf', { page, pages: totalPages })} className="flex flex-wrap items-center justify-between gap-3 text-sm text-muted" data-testid="users-pager">
      <span className="tabular">{t('total', { total })}</span>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" size="sm" disabled={isBusy || page <= 1} onClick={() => onPage(page - 1)}>
          {t('prev')}
        </Button>
        <span className="tabular px-1" aria-live="polite">
          {t('pageOf', { page, pages: totalPages })}
        </span>
        <Button variant="secondary" size="sm" disabled={isBusy || page >= totalPages} onClick={() => onPage(page + 1)}>
          {t('next')}
        </Button>
        <select
          aria-label={t('pageSize', { size })}
          value={size}
          onChange={(e) => onSize(Number(e.target.value))}
          className="h-8 rounded-lg border border-border bg-surface px-2 text-sm text-fg focus:ring-2 focus:ring-brand/40 focus:outline-none"
        >
          {SIZES.map((option) => (
            <option key={option} value={option}>
              {t('pageSize', { size: option })}
            </option>
          ))}
        </select>
        <form onSubmit={go} className="flex items-center gap-1.5">
          <label htmlFor="users-jump" className="whitespace-nowrap">{t('jumpTo')}</label>
          <Input id="users-jump" inputMode="numeric" value={jump} onChange={(e) => setJump(e.target.value.replace(/\D/g, ''))} className="h-8 w-14 text-center" />
        </form>
      </div>
    </nav>
  )
}
