'use client'

import { useTranslations } from 'next-intl'
import { useId, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { uploadAvatar } from '@/lib/client/accounts'
import { errorText } from '@/lib/client/api'
import { UserAvatar } from './user-avatar'

// Same limit as the server (lib/accounts/avatar.ts); checked here first to save a useless upload.
const MAX_BYTES = 2 * 1024 * 1024

type Props = { name: string; value: string; onChange: (url: string) => void; onBusyChange?: (isBusy: boolean) => void; label: string }

/** Picks an image, uploads it at once (POST /api/upload) and previews the stored 256 px version. */
export function AvatarField({ name, value, onChange, onBusyChange, label }: Props) {
  const t = useTranslations('profile')
  const te = useTranslations('errors')
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [isUploading, setIsUploading] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const pick = async (file: File | undefined) => {
    if (!file) return
    setError(null)
    if (!file.type.startsWith('image/')) return setError(te('avatarNotImage'))
    if (file.size > MAX_BYTES) return setError(te('avatarTooLarge'))
    setIsUploading(true)
    onBusyChange?.(true)
    try {
      const { url } = await uploadAvatar(file)
      onChange(url)
    } catch (failure) {
      setError(errorText(failure, t('uploadFailed')))
    } finally {
      setIsUploading(false)
      onBusyChange?.(false)
      if (input.current) input.current.value = ''
    }
  }

  return (
    <div className="space-y-1.5">
      <span id={`${id}-label`} className="block text-sm font-medium text-fg">
        {label}
      </span>
      <div className="flex items-center gap-4">
        <UserAvatar name={name || '?'} src={value} className="size-16 text-xl" />
        <div className="space-y-1">
          <input ref={input} id={id} type="file" accept="image/*" className="sr-only" aria-labelledby={`${id}-label`} onChange={(e) => void pick(e.target.files?.[0])} data-testid="avatar-input" />
          <Button variant="secondary" size="sm" isLoading={isUploading} onClick={() => input.current?.click()}>
            {isUploading ? t('uploading') : t('changeAvatar')}
          </Button>
          <p className="text-xs text-subtle">{t('avatarHint')}</p>
        </div>
      </div>
      {error && (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      )}
    </div>
  )
}
