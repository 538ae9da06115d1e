import type { FormEvent, ReactNode } from 'react'
import { FailureAlert } from '@/components/ui/alert'
import { Card } from '@/components/ui/card'
import { cn } from '@/components/ui/cn'
import { LocalizedLink } from '@/components/layout/localized-link'

/** The card of the signing-in pages: a title, an optional subtitle, the content and a footer line. */
export function AuthCard({ title, subtitle, children, footer, className }: { title: ReactNode; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode; className?: string }) {
  return (
    <Card className={cn('w-full p-6 sm:p-8', className)}>
      <h1 className="text-2xl font-semibold tracking-tight text-fg">{title}</h1>
      {subtitle && <p className="mt-1.5 text-sm text-muted">{subtitle}</p>}
      <div className="mt-6">{children}</div>
      {footer && <div className="mt-6 border-t border-border pt-5 text-center text-sm text-muted">{footer}</div>}
    </Card>
  )
}

/** The footer's way to another of these pages: `lead` text, then the link. */
export function AuthFooterLink({ lead, href, testId, children }: { lead?: string; href: string; testId: string; children: ReactNode }) {
  return (
    <>
      {lead && `${lead} `}
      <LocalizedLink href={href} className="font-medium text-brand hover:underline" data-testid={testId}>
        {children}
      </LocalizedLink>
    </>
  )
}

/** An AuthCard (at most md wide) holding one form: the last failure on top, then the fields. */
export function AuthFormCard({ title, subtitle, footer, testId, onSubmit, failure, children }: { title: ReactNode; subtitle: ReactNode; footer: ReactNode; testId: string; onSubmit: (event: FormEvent<HTMLFormElement>) => void; failure: string | null; children: ReactNode }) {
  return (
    <AuthCard title={title} subtitle={subtitle} footer={footer} className="max-w-md">
      <form onSubmit={onSubmit} noValidate className="space-y-4" data-testid={testId}>
        <FailureAlert message={failure} />
        {children}
      </form>
    </AuthCard>
  )
}
