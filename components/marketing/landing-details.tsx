import { getTranslations } from 'next-intl/server'
import { LocalizedLink } from '@/components/layout/localized-link'
import { buttonClasses } from '@/components/ui/button'
import { Card } from '@/components/ui/card'

const FEATURES = ['ai', 'timing', 'editor', 'languages', 'reliable', 'export'] as const
const STEPS = ['upload', 'translate', 'edit'] as const
const FAQ = ['formats', 'cost', 'close'] as const

/** Features, how it works, pricing, FAQ and the closing call to action. */
export async function LandingDetails() {
  const t = await getTranslations('home')
  return (
    <>
      <section className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <h2 className="text-center text-3xl font-semibold tracking-tight">{t('featuresTitle')}</h2>
        <div className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((key) => (
            <Card key={key} className="p-6">
              <h3 className="text-base font-semibold">{t(`features.${key}.title`)}</h3>
              <p className="mt-2 text-sm text-muted">{t(`features.${key}.body`)}</p>
            </Card>
          ))}
        </div>
      </section>
      <section id="how-it-works" className="scroll-mt-20 border-y border-border bg-surface">
        <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
          <h2 className="text-center text-3xl font-semibold tracking-tight">{t('stepsTitle')}</h2>
          <ol className="mt-12 grid gap-8 md:grid-cols-3">
            {STEPS.map((key, i) => (
              <li key={key} className="flex gap-4">
                <span className="tabular flex size-9 shrink-0 items-center justify-center rounded-full bg-brand text-sm font-semibold text-brand-fg">{i + 1}</span>
                <div>
                  <h3 className="font-semibold">{t(`steps.${key}.title`)}</h3>
                  <p className="mt-1 text-sm text-muted">{t(`steps.${key}.body`)}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>
      <section className="mx-auto grid max-w-6xl gap-12 px-4 py-20 sm:px-6 lg:grid-cols-2">
        <div id="pricing" className="scroll-mt-20">
          <h2 className="text-2xl font-semibold tracking-tight">{t('pricingTitle')}</h2>
          <p className="mt-3 text-muted">{t('pricingBody')}</p>
          <Card className="mt-8 max-w-md p-6">
            <p className="flex items-baseline gap-2">
              <span className="tabular text-5xl font-semibold tracking-tight text-brand">10</span>
              <span className="text-sm font-medium text-muted">{t('pricingUnit')}</span>
            </p>
            <p className="mt-4 border-t border-border pt-4 text-sm text-muted">{t('pricingExample')}</p>
          </Card>
        </div>
        <div>
          <h2 className="text-2xl font-semibold tracking-tight">{t('faqTitle')}</h2>
          <dl className="mt-4 divide-y divide-border">
            {FAQ.map((key) => (
              <div key={key} className="py-4">
                <dt className="font-medium">{t(`faq.${key}.q`)}</dt>
                <dd className="mt-1 text-sm text-muted">{t(`faq.${key}.a`)}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
      <section className="mx-auto max-w-6xl px-4 pb-24 sm:px-6">
        <div className="rounded-2xl bg-brand px-8 py-12 text-center text-brand-fg">
          <h2 className="text-2xl font-semibold tracking-tight">{t('ctaTitle')}</h2>
          <p className="mt-2 opacity-90">{t('ctaBody')}</p>
          <LocalizedLink href="/register" className={buttonClasses({ variant: 'secondary', size: 'lg', className: 'mt-6' })}>
            {t('ctaPrimary')}
          </LocalizedLink>
        </div>
      </section>
    </>
  )
}
