import { getTranslations } from 'next-intl/server'
import { LegalPage } from '@/components/marketing/legal-page'
import { Card } from '@/components/ui/card'
import { staticPageMetadata } from '@/lib/seo/metadata'
import { pageLocale, type LocaleParams } from '@/lib/seo/page-params'

export const generateMetadata = staticPageMetadata('about', '/about')

export default async function AboutPage({ params }: LocaleParams) {
  await pageLocale(params)
  const t = await getTranslations('about')
  const stats = [
    { value: '50,000+', label: t('statsFiles') },
    { value: '95%+', label: t('statsAccuracy') },
    { value: '20+', label: t('statsLanguages') },
    { value: '24/7', label: t('statsSupport') },
  ]
  return (
    <LegalPage title={t('title')}>
      <p className="text-lg leading-8 text-muted">{t('intro')}</p>
      <dl data-testid="about-stats" className="mt-10 grid grid-cols-2 gap-4 sm:grid-cols-4">
        {stats.map((stat) => (
          <Card key={stat.label} className="p-5 text-center">
            <dd className="tabular text-2xl font-semibold text-brand">{stat.value}</dd>
            <dt className="mt-1 text-sm text-muted">{stat.label}</dt>
          </Card>
        ))}
      </dl>
      <h2 className="mt-12 text-xl font-semibold">{t('missionTitle')}</h2>
      <p className="mt-2 leading-7 text-muted">{t('mission')}</p>
    </LegalPage>
  )
}
