'use client'

import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslations } from 'next-intl'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { toast } from 'sonner'
import { AvatarField } from '@/components/accounts/avatar-field'
import { useErrorText } from '@/components/accounts/use-error-text'
import { FormDialog, type DialogOpenProps } from '@/components/ui/form-dialog'
import { InputField } from '@/components/ui/input'
import { createUserFormSchema, type CreateUserInput } from '@/lib/accounts/schemas'
import { createUser, invalidateUsers } from '@/lib/client/admin-users'
import { useDialogForm } from '@/components/accounts/use-dialog-form'

const EMPTY: CreateUserInput = { email: '', name: '', pass: '', confirm: '', pic: '' }
const FIELDS = [
  { name: 'email', type: 'email', autoComplete: 'off' },
  { name: 'name', type: 'text', autoComplete: 'off' },
  { name: 'pass', type: 'password', autoComplete: 'new-password', label: 'password', hint: 'passwordHint' },
  { name: 'confirm', type: 'password', autoComplete: 'new-password' },
] as const

/** Managers create an email account: email, name, password twice, optional picture. */
export function CreateUserDialog({ open, onOpenChange }: DialogOpenProps) {
  const t = useTranslations('admin')
  const errorMessage = useErrorText()
  const queryClient = useQueryClient()
  const [isUploading, setIsUploading] = useState(false)
  const form = useForm<CreateUserInput>({ resolver: zodResolver(createUserFormSchema), defaultValues: EMPTY, mode: 'onTouched' })
  const { errors } = form.formState
  const { close, submit, dialog } = useDialogForm(form, { open, onOpenChange, failed: t('createFailed'), emptyValues: EMPTY })
  const [name, pic] = useWatch({ control: form.control, name: ['name', 'pic'] })

  const onSubmit = submit(async (values) => {
    await createUser(values)
    toast.success(t('created'))
    void invalidateUsers(queryClient)
    close(false)
  })

  return (
    <FormDialog {...dialog} title={t('createTitle')} description={t('createDescription')} formId="create-user-form" submitLabel={t('submitCreate')} submitTestId="create-user-submit" onSubmit={onSubmit} isBlocked={isUploading}>
      {FIELDS.map((field) => (
        <InputField
          key={field.name}
          id={`create-${field.name}`}
          label={t('label' in field ? field.label : field.name)}
          hint={'hint' in field ? t(field.hint) : undefined}
          error={errorMessage(errors[field.name]?.message)}
          type={field.type}
          autoComplete={field.autoComplete}
          {...form.register(field.name)}
        />
      ))}
      <AvatarField label={t('avatar')} name={name} value={pic ?? ''} onChange={(url) => form.setValue('pic', url)} onBusyChange={setIsUploading} />
    </FormDialog>
  )
}
