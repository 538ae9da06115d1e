'use client'

import { useTranslations } from 'next-intl'
import type { ReactNode } from 'react'
import { Alert } from './alert'
import { Button } from './button'
import { Skeleton } from './skeleton'

/** A load that failed: what failed (and why), with a retry that reloads, busy while it does. */
export function RetryAlert({ onRetry, isRetrying, children }: { onRetry: () => unknown; isRetrying?: boolean; children: ReactNode }) {
  const tc = useTranslations('common')
  return (
    <Alert
      tone="danger"
      action={
        <Button variant="secondary" size="sm" onClick={() => void onRetry()} isLoading={isRetrying}>
          {tc('retry')}
        </Button>
      }
    >
      {children}
    </Alert>
  )
}

/** Placeholder rows while a list loads, announced as loading. */
export function ListSkeleton({ rows = 3 }: { rows?: number }) {
  const tc = useTranslations('common')
  return (
    <div role="status" aria-label={tc('loading')} className="space-y-2">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  )
}
