'use client'

import { zodResolver } from '@hookform/resolvers/zod'
import { useTranslations } from 'next-intl'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { toast } from 'sonner'
import { useErrorText } from '@/components/accounts/use-error-text'
import { FailureAlert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { cn } from '@/components/ui/cn'
import { Field, Input, InputField } from '@/components/ui/input'
import { adjustPointsFormSchema, type AdjustPointsInput } from '@/lib/accounts/schemas'
import { adjustPoints } from '@/lib/client/admin-users'
import { errorText } from '@/lib/client/api'
import { createSubmitKeys } from '@/lib/client/idempotency'

const EMPTY: AdjustPointsInput = { direction: 'grant', points: NaN, reason: '' }
const DIRECTIONS = ['grant', 'deduct'] as const

type Props = { userId: string; userName: string; balance: number; onAdjusted: () => void }

/** A manager grants or deducts points with a reason; one idempotency key per submitted payload. */
export function AdjustPointsForm({ userId, userName, balance, onAdjusted }: Props) {
  const t = useTranslations('admin.detail.adjust')
  const errorMessage = useErrorText()
  // One key holder for the form's life (a state initialiser, so it is created once).
  const [keys] = useState(createSubmitKeys)
  const [failed, setFailed] = useState<{ text: string; values: string } | null>(null)
  const form = useForm<AdjustPointsInput>({ resolver: zodResolver(adjustPointsFormSchema), defaultValues: EMPTY, mode: 'onTouched' })
  const { errors, isSubmitting } = form.formState
  const [direction, points, reason] = useWatch({ control: form.control, name: ['direction', 'points', 'reason'] })
  // A failure speaks of the values that were sent: editing the form hides it.
  const failure = failed?.values === JSON.stringify([direction, points, reason]) ? failed.text : null
  const amount = Number.isSafeInteger(points) && points > 0 ? points : 0
  const after = direction === 'grant' ? balance + amount : balance - amount

  const submit = form.handleSubmit(async (values) => {
    setFailed(null)
    const payload = { id: userId, ...values }
    try {
      await adjustPoints(userId, values, keys.keyFor(payload))
      keys.done()
      toast.success(t(values.direction === 'grant' ? 'granted' : 'deducted', { points: values.points, name: userName }))
      form.reset({ ...EMPTY, direction: values.direction })
      onAdjusted()
    } catch (error) {
      setFailed({ text: errorText(error, t('failed')), values: JSON.stringify(form.getValues(['direction', 'points', 'reason'])) })
    }
  })

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="adjust-points-form">
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-fg">{t('direction')}</legend>
        <div className="grid grid-cols-2 gap-1 rounded-lg bg-surface-2 p-1">
          {DIRECTIONS.map((value) => (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer items-center justify-center rounded-md px-3 py-1.5 text-sm font-medium text-muted transition-colors hover:text-fg has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand/40',
                direction === value && 'bg-surface text-fg shadow-sm',
                direction === value && value === 'deduct' && 'text-danger',
              )}
            >
              <input type="radio" value={value} className="sr-only" data-testid={`adjust-${value}`} {...form.register('direction')} />
              {t(value)}
            </label>
          ))}
        </div>
      </fieldset>
      <Field id="adjust-points" label={t('points')} error={errorMessage(errors.points?.message)}>
        <Input
          id="adjust-points"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          invalid={Boolean(errors.points)}
          aria-describedby={errors.points ? 'adjust-points-error' : 'adjust-points-after'}
          data-testid="adjust-points"
          className="tabular"
          {...form.register('points', { valueAsNumber: true })}
        />
      </Field>
      <p id="adjust-points-after" className={cn('tabular -mt-2 text-xs', after < 0 ? 'text-danger' : 'text-subtle')} aria-live="polite">
        {after < 0 ? t('tooMuch') : t('after', { points: after })}
      </p>
      <InputField id="adjust-reason" label={t('reason')} hint={t('reasonHint')} error={errorMessage(errors.reason?.message)} autoComplete="off" maxLength={200} placeholder={t('reasonPlaceholder')} {...form.register('reason')} />
      <FailureAlert message={failure} />
      <Button type="submit" variant={direction === 'deduct' ? 'danger' : 'primary'} isLoading={isSubmitting} className="w-full select-none" data-testid="adjust-submit">
        {t(direction === 'deduct' ? 'submitDeduct' : 'submitGrant')}
      </Button>
    </form>
  )
}
