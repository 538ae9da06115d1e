'use client'

import { useTranslations } from 'next-intl'
import { usePathname, useRouter, useSearchParams } from 'next/navigation'
import { useEffect } from 'react'
import { toast } from 'sonner'

/**
 * The manager guard sends a non-manager home with `?notice=admin-only`, and home sends a signed-in
 * visitor here: the notice is shown once, then leaves the address.
 */
export function AdminOnlyNotice() {
  const t = useTranslations('dashboard')
  const router = useRouter()
  const pathname = usePathname()
  const params = useSearchParams()
  const isNoticed = params.get('notice') === 'admin-only'
  useEffect(() => {
    if (!isNoticed) return
    // After the toaster has mounted; the id keeps a repeated effect to one toast.
    setTimeout(() => toast.warning(t('adminOnly'), { id: 'admin-only' }), 0)
    const query = new URLSearchParams(params)
    query.delete('notice')
    const qs = query.toString()
    router.replace(qs ? `${pathname}?${qs}` : pathname, { scroll: false })
  }, [isNoticed, params, pathname, router, t])
  return null
}
