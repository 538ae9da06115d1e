import { getTranslations } from 'next-intl/server'
import type { EditionView } from '@/lib/site'
import { LicenceText } from './licence-text'

/**
 * Business licence and ICP filing, shown on the China host and development hosts only. Decided on
 * the server from the page's edition; pages without one (the 404) leave it to the client island,
 * whose messages carry the line only on editions that show it (so other hosts' HTML never has it).
 */
export async function LicenceLine({ edition }: { edition?: EditionView }) {
  if (!edition) return <LicenceText />
  if (!edition.showLicenceLine) return null
  const t = await getTranslations('footer')
  return <LicenceText licence={t('licence')} icp={t('icp')} />
}
