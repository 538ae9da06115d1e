import type { ReactNode } from 'react'
import { LocalizedLink } from '@/components/layout/localized-link'
import { buttonClasses } from '@/components/ui/button'
import { Card } from '@/components/ui/card'

/** The card of the payment result pages: a status mark, a title, the body and the actions. */
export function PaymentResultCard({ tone, title, children, actions, testId }: { tone: 'success' | 'danger' | 'pending'; title: string; children?: ReactNode; actions?: ReactNode; testId?: string }) {
  const mark =
    tone === 'pending' ? null : (
      <span className={tone === 'success' ? 'grid size-12 place-items-center rounded-full bg-success-subtle text-success' : 'grid size-12 place-items-center rounded-full bg-danger-subtle text-danger'}>
        <svg className="size-6" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.25" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d={tone === 'success' ? 'M5 12.5l4.5 4.5L19 7.5' : 'M7 7l10 10M17 7L7 17'} />
        </svg>
      </span>
    )
  return (
    <Card className="w-full max-w-md p-6 text-center sm:p-8" data-testid={testId}>
      {mark && <div className="mb-4 flex justify-center">{mark}</div>}
      <h1 className="text-2xl font-semibold tracking-tight text-fg">{title}</h1>
      <div className="mt-3 space-y-2 text-sm text-muted">{children}</div>
      {actions && <div className="mt-6 flex flex-wrap justify-center gap-2">{actions}</div>}
    </Card>
  )
}

type Link = { href: string; label: string }

/** A result page's ways on: the main one as a button, and, when given, a second one beside it. */
export function ResultLinks({ main, other }: { main: Link; other?: Link }) {
  return (
    <>
      <LocalizedLink href={main.href} className={buttonClasses()}>
        {main.label}
      </LocalizedLink>
      {other && (
        <LocalizedLink href={other.href} className={buttonClasses({ variant: 'secondary' })}>
          {other.label}
        </LocalizedLink>
      )}
    </>
  )
}
