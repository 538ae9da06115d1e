'use client'

import { zodResolver } from '@hookform/resolvers/zod'
import { useTranslations } from 'next-intl'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { useErrorText } from '@/components/accounts/use-error-text'
import { FormDialog, type DialogOpenProps } from '@/components/ui/form-dialog'
import { Field, Input } from '@/components/ui/input'
import { changePasswordFormSchema, type ChangePasswordInput } from '@/lib/accounts/schemas'
import { changePassword } from '@/lib/client/accounts'
import { useDialogForm } from '@/components/accounts/use-dialog-form'

const FIELDS: { name: keyof ChangePasswordInput; autoComplete: string }[] = [
  { name: 'current', autoComplete: 'current-password' },
  { name: 'pass', autoComplete: 'new-password' },
  { name: 'confirm', autoComplete: 'new-password' },
]
const LABELS = { current: 'currentPassword', pass: 'newPassword', confirm: 'confirmPassword' } as const

/** Changes the signed-in user's password (the current one required); every other session ends. */
export function ChangePasswordDialog({ open, onOpenChange }: DialogOpenProps) {
  const t = useTranslations('profile')
  const errorMessage = useErrorText()
  const form = useForm<ChangePasswordInput>({ resolver: zodResolver(changePasswordFormSchema), mode: 'onTouched' })
  const { errors } = form.formState
  const { close, submit, dialog } = useDialogForm(form, { open, onOpenChange, failed: t('passwordChangeFailed') })

  const onSubmit = submit(async ({ current, pass }) => {
    await changePassword({ current, pass })
    toast.success(t('passwordChanged'))
    close(false)
  })

  return (
    <FormDialog {...dialog} title={t('changePasswordTitle')} description={t('changePasswordDescription')} formId="change-password-form" submitLabel={t('changePasswordSubmit')} submitTestId="change-password-submit" onSubmit={onSubmit}>
      {FIELDS.map(({ name, autoComplete }) => (
        <Field key={name} id={`change-${name}`} label={t(LABELS[name])} error={errorMessage(errors[name]?.message)}>
          <Input id={`change-${name}`} type="password" autoComplete={autoComplete} invalid={Boolean(errors[name])} data-testid={`change-${name}`} {...form.register(name)} />
        </Field>
      ))}
    </FormDialog>
  )
}
