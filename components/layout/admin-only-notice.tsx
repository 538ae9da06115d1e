'use client'

import { useSearchParams } from 'next/navigation'
import { Suspense, useEffect, useState, type ComponentType } from 'react'
import type { ToasterProps } from 'sonner'

type Props = {
  message: string
  /** Mount a toaster for the notice: pages without one (the landing page) load it only then. */
  withToaster?: boolean
}

/**
 * The manager guard sends a non-manager home with `?notice=admin-only`, and home sends a signed-in
 * visitor on to the dashboard: wherever it lands, the notice is shown once, then leaves the address.
 * The toast library is loaded only when there is a notice, outside a public page's first load.
 */
export function AdminOnlyNotice(props: Props) {
  // The address is read in the browser only; a prerendered page renders nothing here.
  return (
    <Suspense fallback={null}>
      <Notice {...props} />
    </Suspense>
  )
}

function Notice({ message, withToaster = false }: Props) {
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null)
  const isNoticed = useSearchParams().get('notice') === 'admin-only'
  useEffect(() => {
    if (!isNoticed) return
    const url = new URL(window.location.href)
    url.searchParams.delete('notice')
    window.history.replaceState(null, '', url.pathname + url.search + url.hash)
    void import('sonner').then(({ Toaster, toast }) => {
      if (withToaster) setToaster(() => Toaster)
      // After the toaster has mounted; the id keeps a repeated effect to one toast.
      setTimeout(() => toast.warning(message, { id: 'admin-only' }), 0)
    })
  }, [isNoticed, message, withToaster])
  return Toaster ? <Toaster position="top-center" theme="system" richColors closeButton /> : null
}
