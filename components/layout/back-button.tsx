'use client'

import { useLocale, useTranslations } from 'next-intl'
import { useRouter } from 'next/navigation'
import { Button } from '@/components/ui/button'
import { useEdition } from '@/lib/client/use-edition'
import { assumedHostDefault, localizedPath } from '@/lib/i18n/paths'
import type { Locale } from '@/lib/site'

/**
 * The legal pages' back button: back to the page the visitor came from on this site when known,
 * otherwise home (`fallbackHome`), otherwise one step back in history.
 */
export function BackButton({ fallbackHome = true }: { fallbackHome?: boolean }) {
  const t = useTranslations('common')
  const router = useRouter()
  const locale = useLocale() as Locale
  const edition = useEdition()
  const goBack = () => {
    const referrer = document.referrer ? new URL(document.referrer) : null
    if (referrer && referrer.host === window.location.host && referrer.href !== window.location.href) {
      router.push(referrer.pathname + referrer.search)
    } else if (fallbackHome) {
      router.push(localizedPath(locale, '/', edition?.defaultLocale ?? assumedHostDefault(locale)))
    } else {
      router.back()
    }
  }
  return (
    <Button variant="ghost" size="sm" onClick={goBack} data-testid="back-button" className="-ml-3">
      <span aria-hidden="true">←</span> {t('back')}
    </Button>
  )
}
