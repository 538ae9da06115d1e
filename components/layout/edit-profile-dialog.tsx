'use client'

import { zodResolver } from '@hookform/resolvers/zod'
import { useTranslations } from 'next-intl'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { toast } from 'sonner'
import { AvatarField } from '@/components/accounts/avatar-field'
import { useErrorText } from '@/components/accounts/use-error-text'
import { FormDialog, type DialogOpenProps } from '@/components/ui/form-dialog'
import { Field, Input } from '@/components/ui/input'
import { updateProfileSchema, type UpdateProfileInput } from '@/lib/accounts/schemas'
import { updateProfile } from '@/lib/client/accounts'
import { storeUser, type ClientUser } from '@/lib/client/user-store'
import { useDialogForm } from '@/components/accounts/use-dialog-form'

type Props = DialogOpenProps & { user: ClientUser }

/** Edits the signed-in user's display name (2-20) and picture. */
export function EditProfileDialog({ open, onOpenChange, user }: Props) {
  const t = useTranslations('profile')
  const tc = useTranslations('common')
  const errorMessage = useErrorText()
  const router = useRouter()
  const [isUploading, setIsUploading] = useState(false)
  const form = useForm<UpdateProfileInput>({
    resolver: zodResolver(updateProfileSchema),
    values: { name: user.name, pic: user.picture },
    mode: 'onTouched',
  })
  const { errors } = form.formState
  const { submit, dialog } = useDialogForm(form, { open, onOpenChange, failed: t('updateFailed') })
  const pic = useWatch({ control: form.control, name: 'pic' }) ?? ''
  const name = useWatch({ control: form.control, name: 'name' })

  const onSubmit = submit(async (values) => {
    // The picture is sent only when it changed: a Google or WeChat picture stays as it is.
    const isPicChanged = (values.pic ?? '') !== (user.picture ?? '')
    const updated = await updateProfile({ name: values.name, ...(isPicChanged ? { pic: values.pic ?? '' } : {}) })
    storeUser(updated)
    toast.success(t('saved'))
    onOpenChange(false)
    router.refresh()
  })

  return (
    <FormDialog {...dialog} title={t('dialogTitle')} description={t('dialogDescription')} formId="edit-profile-form" submitLabel={tc('save')} submitTestId="profile-save" onSubmit={onSubmit} isBlocked={isUploading} formClassName="space-y-5">
      <AvatarField label={t('avatar')} name={name} value={pic} onChange={(url) => form.setValue('pic', url, { shouldDirty: true })} onBusyChange={setIsUploading} />
      <Field id="profile-name" label={t('name')} error={errorMessage(errors.name?.message)}>
        <Input id="profile-name" autoComplete="nickname" invalid={Boolean(errors.name)} data-testid="profile-name" {...form.register('name')} />
      </Field>
      {user.email && (
        <Field id="profile-email" label={t('email')}>
          <Input id="profile-email" value={user.email} readOnly disabled />
        </Field>
      )}
    </FormDialog>
  )
}
