'use client'

import { useEffect } from 'react'
import { toast } from 'sonner'

/** Shows the manager guard's notice once when a non-manager was sent home (?notice=admin-only). */
export function AdminOnlyNotice({ message }: { message: string }) {
  useEffect(() => {
    const url = new URL(window.location.href)
    if (url.searchParams.get('notice') !== 'admin-only') return
    toast.warning(message)
    url.searchParams.delete('notice')
    window.history.replaceState(null, '', url.pathname + url.search + url.hash)
  }, [message])
  return null
}
