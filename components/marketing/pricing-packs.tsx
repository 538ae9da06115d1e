import { getTranslations } from 'next-intl/server'
import { LocalizedLink } from '@/components/layout/localized-link'
import { buttonClasses } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { formatPrice } from '@/lib/i18n/format-price'
import { POINTS_PER_MINUTE } from '@/lib/pricing'
import { publicProducts } from '@/lib/seo/public-products'
import { currencyFor, productCatalogue, type EditionName, type Locale } from '@/lib/site'

/** The edition's point packs with their price in the reader's currency and the minutes each buys. */
export async function PricingPacks({ edition, locale }: { edition: EditionName; locale: Locale }) {
  const t = await getTranslations('seo')
  const currency = currencyFor(locale)
  const products = await publicProducts(productCatalogue(edition))
  return (
    <div className="mt-12" id="pricing-packs">
      <div className="grid grid-cols-[repeat(auto-fit,minmax(11rem,1fr))] gap-5">
        <Card className="border-brand/40 bg-brand-subtle/50 p-6">
          <h3 className="text-sm font-medium text-muted">{t('perMinuteTitle')}</h3>
          <p className="tabular mt-2 text-3xl font-semibold text-brand" data-testid="price-per-minute">
            {t('perMinute')}
          </p>
        </Card>
        {products.map((p) => (
          <Card key={p.id} className="p-6" data-testid="pricing-pack">
            <h3 className="tabular text-lg font-semibold">{t('packPoints', { points: p.points })}</h3>
            <p className="tabular mt-2 text-3xl font-semibold">{formatPrice(currency === 'CNY' ? p.originalPrice : p.dollarPrice, currency, locale)}</p>
            <p className="mt-2 text-sm text-muted">{t('packMinutes', { minutes: Math.floor(p.points / POINTS_PER_MINUTE) })}</p>
          </Card>
        ))}
      </div>
      <LocalizedLink href="/register" className={buttonClasses({ className: 'mt-8' })}>
        {t('buy')}
      </LocalizedLink>
    </div>
  )
}
