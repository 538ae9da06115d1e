import { getTranslations } from 'next-intl/server'
import { LocalizedLink } from '@/components/layout/localized-link'
import { buttonClasses } from '@/components/ui/button'
import type { LandingSlug } from '@/lib/seo/landing-paths'
import type { EditionName, Locale } from '@/lib/site'
import { AdminOnlyNotice } from '@/components/layout/admin-only-notice'
import { EditorPreview } from './editor-preview'
import { LandingDetails } from './landing-details'
import { LandingJsonLd } from './landing-json-ld'
import { TopicContent } from './topic-content'

type Props = { topic?: LandingSlug; edition: EditionName; locale: Locale }

/** The landing page of / and of every SEO path: each path has its own H1, introduction and section. */
export async function LandingPage({ topic, edition, locale }: Props) {
  const t = await getTranslations()
  const stats = [
    { value: '50,000+', label: t('home.statsFiles') },
    { value: '95%+', label: t('home.statsAccuracy') },
    { value: '24/7', label: t('home.statsSupport') },
  ]
  return (
    <>
      <LandingJsonLd topic={topic} edition={edition} locale={locale} />
      <AdminOnlyNotice message={t('home.adminOnly')} withToaster />
      <section className="relative overflow-hidden border-b border-border bg-gradient-to-b from-brand-subtle/70 to-bg">
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 lg:grid-cols-[1.05fr_1fr] lg:py-24">
          <div>
            <p className="inline-flex rounded-full border border-brand/20 bg-surface px-3 py-1 text-xs font-medium text-brand">
              {topic ? t(`landingTopics.${topic}`) : t('home.badge')}
            </p>
            <h1 className="mt-5 text-4xl leading-tight font-semibold tracking-tight text-balance text-fg sm:text-5xl">
              {topic ? t(`seo.pages.${topic}.h1`) : t('home.heroTitle')}
            </h1>
            <p className="mt-5 max-w-xl text-lg text-pretty text-muted">{topic ? t(`seo.pages.${topic}.intro`) : t('home.heroSubtitle')}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <LocalizedLink href="/register" className={buttonClasses({ size: 'lg' })} data-testid="hero-cta">
                {t('home.ctaPrimary')}
              </LocalizedLink>
              <a href={topic ? '#topic' : '#how-it-works'} className={buttonClasses({ size: 'lg', variant: 'secondary' })}>
                {t('home.ctaSecondary')}
              </a>
            </div>
            <dl className="mt-12 grid max-w-lg grid-cols-3 gap-6">
              {stats.map((stat) => (
                <div key={stat.label} className="flex flex-col">
                  <dt className="order-2 text-xs text-muted sm:text-sm">{stat.label}</dt>
                  <dd className="tabular text-2xl font-semibold text-fg sm:text-3xl">{stat.value}</dd>
                </div>
              ))}
            </dl>
          </div>
          <EditorPreview />
        </div>
      </section>
      {topic && <TopicContent topic={topic} edition={edition} locale={locale} />}
      <LandingDetails />
    </>
  )
}
