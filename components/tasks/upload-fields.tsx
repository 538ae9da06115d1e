'use client'

import { useTranslations } from 'next-intl'
import { useMemo, type ReactNode } from 'react'
import { Field } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import type { TranslationService } from '@/lib/client/tasks'

// Fields both upload flows show (subtitle files and recordings): the estimate's figures, the
// translation service and the options ticked on or off.

/** One figure of an estimate: its name above, the value (kept on one line unless `wraps`). */
export function Stat({ label, children, testId, wraps = false }: { label: string; children: ReactNode; testId: string; wraps?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-subtle">{label}</dt>
      <dd className={`tabular mt-0.5 text-sm font-medium ${wraps ? 'break-words' : 'whitespace-nowrap'} text-fg`} data-testid={testId}>
        {children}
      </dd>
    </div>
  )
}

/** The service to translate with: DeepSeek always, Google where the edition offers it. */
export function ServiceField({ id, value, onChange, canUseGoogle, isDisabled }: { id: string; value: TranslationService; onChange: (service: TranslationService) => void; canUseGoogle: boolean; isDisabled: boolean }) {
  const t = useTranslations('upload.options')
  const options = useMemo(() => [{ value: 'deepseek', label: t('deepseek') }, ...(canUseGoogle ? [{ value: 'google', label: t('google') }] : [])], [canUseGoogle, t])
  return (
    <Field id={id} label={t('service')} hint={canUseGoogle ? undefined : t('deepseekOnly')}>
      <Select id={id} value={value} onValueChange={(service) => onChange(service as TranslationService)} options={options} disabled={isDisabled || options.length === 1} data-testid={id} />
    </Field>
  )
}

type CheckOptionProps = {
  /** The box's id and test id. */
  id: string
  checked: boolean
  onChange: (checked: boolean) => void
  isDisabled: boolean
  label: ReactNode
  hint: ReactNode
  /** Attributes of the label's and the hint's line (test ids, a count). */
  labelProps?: Record<`data-${string}`, string | number>
  hintProps?: Record<`data-${string}`, string | number>
  className?: string
}

/** An option ticked on or off: the box, its name, and a line saying what it does. */
export function CheckOption({ id, checked, onChange, isDisabled, label, hint, labelProps, hintProps, className }: CheckOptionProps) {
  return (
    <div className={className ?? 'flex items-start gap-2.5'}>
      <input id={id} type="checkbox" className="mt-0.5 size-4 shrink-0 accent-brand" checked={checked} onChange={(event) => onChange(event.target.checked)} disabled={isDisabled} data-testid={id} />
      <label htmlFor={id} className="text-sm leading-snug">
        <span className="font-medium text-fg" {...labelProps}>
          {label}
        </span>
        <span className="block text-xs text-subtle" {...hintProps}>
          {hint}
        </span>
      </label>
    </div>
  )
}
