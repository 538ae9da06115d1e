import { getTranslations } from 'next-intl/server'
import type { EditionView } from '@/lib/site'
import { LanguageLinks } from './language-links'

/**
 * Shown only where the host rule allows it (international and development hosts). Decided on the
 * server from the page's edition; pages without one (the 404) let the links decide from the client's context.
 */
export async function LanguageSwitcher({ edition }: { edition?: EditionView }) {
  if (edition && !edition.showLanguageSwitcher) return null
  const t = await getTranslations('header')
  return <LanguageLinks label={t('language')} gated={!edition} />
}
