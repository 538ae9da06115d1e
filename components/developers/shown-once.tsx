'use client'

import { useTranslations } from 'next-intl'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'

/** A secret just made, shown this once with a copy button: the server never answers it again. */
export function ShownOnce({ label, value, onDone, testId }: { label: string; value: string; onDone: () => void; testId: string }) {
  const t = useTranslations('developers')
  return (
    <div role="status" className="space-y-2 rounded-lg border border-warning/40 bg-warning-subtle p-4 text-sm" data-testid={testId}>
      <p className="font-medium text-fg">{label}</p>
      <p className="text-muted">{t('shownOnce')}</p>
      <div className="flex items-center gap-2">
        <code className="min-w-0 flex-1 truncate rounded bg-surface px-2 py-1.5 font-mono text-xs text-fg" data-testid={`${testId}-value`}>
          {value}
        </code>
        <Button size="sm" variant="secondary" onClick={() => void navigator.clipboard?.writeText(value).then(() => toast.success(t('copied')))}>
          {t('copy')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          {t('done')}
        </Button>
      </div>
    </div>
  )
}
