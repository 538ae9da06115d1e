'use client'

import { useEffect, useState, type ComponentType } from 'react'
import type { ToasterProps } from 'sonner'

/**
 * Shows the manager guard's notice once when a non-manager was sent home (?notice=admin-only). The
 * toast library loads only then, outside the landing page's first load.
 */
export function AdminOnlyNotice({ message }: { message: string }) {
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null)
  useEffect(() => {
    const url = new URL(window.location.href)
    if (url.searchParams.get('notice') !== 'admin-only') return
    url.searchParams.delete('notice')
    window.history.replaceState(null, '', url.pathname + url.search + url.hash)
    void import('sonner').then(({ Toaster, toast }) => {
      setToaster(() => Toaster)
      // After the toaster has mounted.
      setTimeout(() => toast.warning(message), 0)
    })
  }, [message])
  return Toaster ? <Toaster position="top-center" theme="system" richColors closeButton /> : null
}
