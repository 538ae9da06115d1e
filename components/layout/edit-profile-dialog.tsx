'use client'

import { zodResolver } from '@hookform/resolvers/zod'
import { useTranslations } from 'next-intl'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { toast } from 'sonner'
import { AvatarField } from '@/components/accounts/avatar-field'
import { useErrorText } from '@/components/accounts/use-error-text'
import { FormDialog } from '@/components/ui/form-dialog'
import { Field, Input } from '@/components/ui/input'
import { updateProfileSchema, type UpdateProfileInput } from '@/lib/accounts/schemas'
import { updateProfile } from '@/lib/client/accounts'
import { errorText } from '@/lib/client/api'
import { storeUser, type ClientUser } from '@/lib/client/user-store'

type Props = { open: boolean; onOpenChange: (open: boolean) => void; user: ClientUser }

/** Edits the signed-in user's display name (2-20) and picture. */
export function EditProfileDialog({ open, onOpenChange, user }: Props) {
  const t = useTranslations('profile')
  const tc = useTranslations('common')
  const errorMessage = useErrorText()
  const router = useRouter()
  const [failure, setFailure] = useState<string | null>(null)
  const [isUploading, setIsUploading] = useState(false)
  const form = useForm<UpdateProfileInput>({
    resolver: zodResolver(updateProfileSchema),
    values: { name: user.name, pic: user.picture },
    mode: 'onTouched',
  })
  const { errors, isSubmitting } = form.formState
  const pic = useWatch({ control: form.control, name: 'pic' }) ?? ''
  const name = useWatch({ control: form.control, name: 'name' })

  const submit = form.handleSubmit(async (values) => {
    setFailure(null)
    try {
      // The picture is sent only when it changed: a Google or WeChat picture stays as it is.
      const isPicChanged = (values.pic ?? '') !== (user.picture ?? '')
      const updated = await updateProfile({ name: values.name, ...(isPicChanged ? { pic: values.pic ?? '' } : {}) })
      storeUser(updated)
      toast.success(t('saved'))
      onOpenChange(false)
      router.refresh()
    } catch (error) {
      setFailure(errorText(error, t('updateFailed')))
    }
  })

  const close = (next: boolean) => {
    if (!next) {
      form.reset()
      setFailure(null)
    }
    onOpenChange(next)
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title={t('dialogTitle')}
      description={t('dialogDescription')}
      formId="edit-profile-form"
      submitLabel={tc('save')}
      submitTestId="profile-save"
      onSubmit={submit}
      isSubmitting={isSubmitting}
      isBlocked={isUploading}
      failure={failure}
      className="space-y-5"
    >
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
