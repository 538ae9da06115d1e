import { getTranslations } from 'next-intl/server'
import { seoMessages } from '@/lib/seo/seo-messages'
import type { LandingSlug } from '@/lib/seo/landing-paths'
import type { EditionName, Locale } from '@/lib/site'
import { FaqList } from './faq-list'
import { FormatCards } from './format-cards'
import { PricingPacks } from './pricing-packs'
import { StepGuide } from './step-guide'

/** The part of an SEO path written for its search intent, below the shared hero. */
export async function TopicContent({ topic, edition, locale }: { topic: LandingSlug; edition: EditionName; locale: Locale }) {
  const t = await getTranslations('seo')
  const page = (await seoMessages()).pages[topic]
  const points = 'points' in page ? Object.values(page.points) : []
  return (
    <section id="topic" className="scroll-mt-20 mx-auto max-w-6xl px-4 py-16 sm:px-6" data-testid="topic-section">
      <div className="max-w-3xl">
        <h2 className="text-3xl font-semibold tracking-tight">{t(`pages.${topic}.sectionTitle`)}</h2>
        <p className="mt-4 text-lg leading-8 text-muted">{t(`pages.${topic}.sectionBody`)}</p>
        {points.length > 0 && (
          <ul className="mt-6 space-y-2">
            {points.map((point) => (
              <li key={point} className="flex gap-3">
                <span aria-hidden="true" className="mt-2 size-2 shrink-0 rounded-full bg-brand" />
                <span>{point}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      {topic === 'pricing' && <PricingPacks edition={edition} locale={locale} />}
      {topic === 'faq' && <FaqList />}
      {topic === 'subtitle-converter' && <FormatCards />}
      {(topic === 'tutorial' || topic === 'guide') && <StepGuide guide={topic} locale={locale} />}
    </section>
  )
}
