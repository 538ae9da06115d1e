'use client'

import { zodResolver } from '@hookform/resolvers/zod'
import { useTranslations } from 'next-intl'
import { useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { useErrorText } from '@/components/accounts/use-error-text'
import { FailureAlert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Field, InputField } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import { editUserFormSchema, type EditUserInput } from '@/lib/accounts/schemas'
import { updateUser } from '@/lib/client/admin-users'
import { errorText } from '@/lib/client/api'
import { storeUser } from '@/lib/client/user-store'
import type { PublicUser } from '@/lib/accounts/contract'

type Props = { user: PublicUser; isSelf: boolean; onSaved: (user: PublicUser) => void }

/** A manager edits a user's name (2-20) and role; their own manager role stays locked on. */
export function EditUserForm({ user, isSelf, onSaved }: Props) {
  const t = useTranslations('admin')
  const errorMessage = useErrorText()
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<EditUserInput>({ resolver: zodResolver(editUserFormSchema), values: { name: user.name, admin: user.admin }, mode: 'onTouched' })
  const { errors, isSubmitting, isDirty } = form.formState

  const submit = form.handleSubmit(async (values) => {
    setFailure(null)
    try {
      const updated = await updateUser(user.id, values)
      // A manager renaming themself sees the new name in the profile menu at once.
      if (isSelf) storeUser(updated)
      toast.success(t('detail.profile.saved'))
      onSaved(updated)
    } catch (error) {
      setFailure(errorText(error, t('detail.profile.failed')))
    }
  })

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="edit-user-form">
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField id="edit-user-name" label={t('detail.profile.name')} error={errorMessage(errors.name?.message)} autoComplete="off" {...form.register('name')} />
        <Field id="edit-user-role" label={t('detail.profile.role')} hint={isSelf ? t('detail.profile.selfRoleHint') : undefined}>
          <Controller
            control={form.control}
            name="admin"
            render={({ field }) => (
              <Select
                id="edit-user-role"
                value={field.value ? 'admin' : 'user'}
                onValueChange={(value) => field.onChange(value === 'admin')}
                disabled={isSelf}
                options={[
                  { value: 'user', label: t('roleUser') },
                  { value: 'admin', label: t('roleAdmin') },
                ]}
                data-testid="edit-user-role"
              />
            )}
          />
        </Field>
      </div>
      <FailureAlert message={failure} />
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" isLoading={isSubmitting} disabled={!isDirty} className="max-sm:w-full" data-testid="edit-user-save">
          {t('detail.profile.save')}
        </Button>
      </div>
    </form>
  )
}
