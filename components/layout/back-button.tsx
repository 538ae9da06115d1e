'use client'

import { useRouter } from 'next/navigation'
import { Button } from '@/components/ui/button'
import { useLocalizedPath } from '@/lib/client/use-localized-path'

/**
 * The legal pages' back button: back to the page the visitor came from on this site when known,
 * otherwise home (`fallbackHome`), otherwise one step back in history.
 */
export function BackButton({ label, fallbackHome = true }: { label: string; fallbackHome?: boolean }) {
  const router = useRouter()
  const localized = useLocalizedPath()
  const goBack = () => {
    const referrer = document.referrer ? new URL(document.referrer) : null
    if (referrer && referrer.host === window.location.host && referrer.href !== window.location.href) {
      router.push(referrer.pathname + referrer.search)
    } else if (fallbackHome) {
      router.push(localized('/'))
    } else {
      router.back()
    }
  }
  return (
    <Button variant="ghost" size="sm" onClick={goBack} data-testid="back-button" className="-ml-3">
      <span aria-hidden="true">←</span> {label}
    </Button>
  )
}
