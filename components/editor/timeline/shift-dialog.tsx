'use client'

import { useTranslations } from 'next-intl'
import { useState, type ReactNode } from 'react'
import { FormDialog, whileOpen, type DialogOpenProps } from '@/components/ui/form-dialog'
import { Field, Input } from '@/components/ui/input'
import { cn } from '@/components/ui/cn'
import { useDialogAction } from '@/components/ui/use-dialog-action'

type Props = DialogOpenProps & {
  total: number
  selectedCount: number
  onShift: (offsetMs: number, scope: 'all' | 'selected') => Promise<void>
}

function Choice({ name, value, checked, onChange, children, testId }: { name: string; value: string; checked: boolean; onChange: () => void; children: ReactNode; testId: string }) {
  return (
    <label className={cn('flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm transition-colors', checked ? 'border-brand bg-brand-subtle text-fg' : 'border-border text-muted hover:text-fg')}>
      <input type="radio" name={name} value={value} checked={checked} onChange={onChange} className="accent-[var(--brand)]" data-testid={testId} />
      {children}
    </label>
  )
}

function Body({ total, selectedCount, onShift, onOpenChange }: Omit<Props, 'open'>) {
  const t = useTranslations('editor.shift')
  const [amount, setAmount] = useState('500')
  const [direction, setDirection] = useState<'later' | 'earlier'>('later')
  const [scope, setScope] = useState<'all' | 'selected'>(selectedCount > 1 ? 'selected' : 'all')
  const [error, setError] = useState<string | null>(null)
  const { run, dialog } = useDialogAction({ onOpenChange })
  const apply = () => {
    const ms = Number(amount.trim())
    if (!/^\d+$/.test(amount.trim()) || ms < 1 || ms > 86_400_000) return setError(t('invalid'))
    void run(async () => {
      await onShift(direction === 'later' ? ms : -ms, scope)
      onOpenChange(false)
    })
  }
  return (
    <FormDialog {...dialog} title={t('title')} description={t('description')} formId="shift-form" submitLabel={t('apply')} submitTestId="shift-apply" onSubmit={apply}>
      <Field id="shift-amount" label={t('amount')} error={error ?? undefined}>
        <Input id="shift-amount" inputMode="numeric" value={amount} onChange={(e) => setAmount(e.target.value)} invalid={Boolean(error)} aria-describedby={error ? 'shift-amount-error' : undefined} data-testid="shift-amount" autoFocus />
      </Field>
      <fieldset className="space-y-1.5">
        <legend className="mb-1.5 text-sm font-medium text-fg">{t('direction')}</legend>
        <div className="grid grid-cols-2 gap-2">
          <Choice name="direction" value="earlier" checked={direction === 'earlier'} onChange={() => setDirection('earlier')} testId="shift-earlier">
            {t('earlier')}
          </Choice>
          <Choice name="direction" value="later" checked={direction === 'later'} onChange={() => setDirection('later')} testId="shift-later">
            {t('later')}
          </Choice>
        </div>
      </fieldset>
      <fieldset className="space-y-1.5">
        <legend className="mb-1.5 text-sm font-medium text-fg">{t('scope')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          <Choice name="scope" value="all" checked={scope === 'all'} onChange={() => setScope('all')} testId="shift-all">
            {t('scopeAll', { count: total })}
          </Choice>
          {selectedCount > 0 && (
            <Choice name="scope" value="selected" checked={scope === 'selected'} onChange={() => setScope('selected')} testId="shift-selected">
              {t('scopeSelected', { count: selectedCount })}
            </Choice>
          )}
        </div>
      </fieldset>
    </FormDialog>
  )
}

/** Moves all cues, or the selected ones, earlier or later by a number of milliseconds. */
export const ShiftDialog = whileOpen<Props>(Body)
