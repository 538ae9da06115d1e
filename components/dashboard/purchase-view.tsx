'use client'

import { useMutation } from '@tanstack/react-query'
import { useLocale, useTranslations } from 'next-intl'
import { useState } from 'react'
import { toast } from 'sonner'
import { Alert } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { SkeletonCard } from '@/components/ui/skeleton'
import { errorText } from '@/lib/client/api'
import { formatPrice } from '@/lib/i18n/format-price'
import { useProducts, type ProductDto } from '@/lib/client/orders'
import { POINT_RATES } from '@/lib/client/task-helpers'
import { createAlipayUrl, createCardPayment, redirectToCardCheckout } from '@/lib/client/payments'
import { useEdition } from '@/lib/client/use-edition'
import { useLocalizedPath } from '@/lib/client/use-localized-path'
import { currencyFor, productCatalogue, type Locale } from '@/lib/site'
import { BalanceLayout } from './balance-layout'
import { RetryAlert } from '@/components/ui/load-states'

/**
 * Buy points: the packs of this host's catalogue with the price in the reader's currency and what
 * each buys in minutes of subtitles; Alipay on every host, card only where card payment is offered.
 */
export function PurchaseView() {
  const t = useTranslations('payments')
  const td = useTranslations('dashboard.purchase')
  const edition = useEdition()
  const catalogue = edition ? productCatalogue(edition.name) : null
  const products = useProducts(catalogue)
  const [alipayLink, setAlipayLink] = useState<{ url: string; isBlocked: boolean } | null>(null)
  // The pack with the most minutes per unit of money is marked, so the choice is easy to read.
  const bestId = products.data?.reduce<ProductDto | null>((best, p) => (!best || p.points / p.originalPrice > best.points / best.originalPrice ? p : best), null)?.id

  return (
    <BalanceLayout>
      <section className="space-y-5" data-testid="purchase-view">
        <div>
          <h2 className="text-lg font-semibold text-fg">{td('title')}</h2>
          <p className="text-sm text-muted">{td('body')}</p>
        </div>
        {alipayLink && (
          <Alert tone={alipayLink.isBlocked ? 'warning' : 'info'} action={alipayLink.isBlocked ? <a className="text-sm font-medium text-brand underline" href={alipayLink.url} target="_blank" rel="noopener">{t('openPayment')}</a> : undefined}>
            {alipayLink.isBlocked ? t('popupBlocked') : t('alipayOpened')}
          </Alert>
        )}
        {products.isError ? (
          <RetryAlert onRetry={products.refetch}>{errorText(products.error, t('productsFailed'))}</RetryAlert>
        ) : products.data && products.data.length === 0 ? (
          <EmptyState title={t('productsEmpty')} className="bg-surface" />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2" aria-busy={!products.data || undefined}>
            {!products.data
              ? Array.from({ length: 3 }, (_, i) => (
                  <li key={i}>
                    <SkeletonCard lines={['h-7 w-28', 'h-4 w-40', 'h-10 w-full']} />
                  </li>
                ))
              : products.data.map((product) => (
                  <li key={product.id}>
                    <ProductCard product={product} isBest={product.id === bestId && products.data.length > 1} canPayByCard={edition?.cardPayment ?? false} onAlipayOpened={setAlipayLink} />
                  </li>
                ))}
          </ul>
        )}
        <p className="text-xs text-subtle" data-testid="purchase-rates">
          {t('validity', POINT_RATES)}
        </p>
      </section>
    </BalanceLayout>
  )
}

function ProductCard({ product, isBest, canPayByCard, onAlipayOpened }: { product: ProductDto; isBest: boolean; canPayByCard: boolean; onAlipayOpened: (link: { url: string; isBlocked: boolean }) => void }) {
  const t = useTranslations('payments')
  const locale = useLocale() as Locale
  const localized = useLocalizedPath()
  const currency = currencyFor(locale)
  const yuan = formatPrice(product.originalPrice, 'CNY', locale)
  const dollars = formatPrice(product.dollarPrice, 'USD', locale)

  const alipay = useMutation({
    mutationFn: async () => {
      // Opened inside the click, before the request, so no pop-up blocker stops the tab.
      const tab = window.open('', '_blank')
      try {
        const { url } = await createAlipayUrl(product.id)
        if (tab) tab.location.href = url
        onAlipayOpened({ url, isBlocked: !tab })
      } catch (error) {
        tab?.close()
        throw error
      }
    },
    onError: (error) => toast.error(errorText(error, t('purchaseFailed'))),
  })

  const card = useMutation({
    mutationFn: async () => {
      const payment = await createCardPayment(product.id)
      if (!payment.id || !payment.clientSecret || !payment.currency) throw new Error('incomplete')
      const back = (flag: string) => `${window.location.origin}${localized('/dashboard')}?${flag}=true&id=${encodeURIComponent(payment.id)}`
      await redirectToCardCheckout(payment, { successUrl: back('airwallex_success'), failUrl: back('airwallex_fail') })
    },
    onError: (error) => {
      const message = error instanceof Error && error.message === 'sdk' ? t('sdkLoadFailed') : error instanceof Error && error.message === 'incomplete' ? t('paymentDataIncomplete') : errorText(error, t('purchaseFailed'))
      toast.error(message)
    },
  })

  return (
    <Card className="flex h-full flex-col p-5" data-testid="product-card" data-product-id={product.id}>
      <div className="flex items-start justify-between gap-2">
        <p className="tabular text-2xl font-semibold tracking-tight text-fg">{t('pack', { points: product.points })}</p>
        {isBest && <Badge tone="brand" className="shrink-0 whitespace-nowrap">{t('popular')}</Badge>}
      </div>
      <p className="mt-1 text-sm text-muted">{t('minutes', { minutes: product.minutes })}</p>
      <p className="tabular mt-4 text-xl font-semibold text-fg" data-testid="product-price">
        {currency === 'CNY' ? yuan : dollars}
      </p>
      <div className="mt-5 flex flex-1 flex-col justify-end gap-2">
        <Button onClick={() => alipay.mutate()} isLoading={alipay.isPending} disabled={card.isPending} data-testid="pay-alipay">
          {t('payAlipay', { price: yuan })}
        </Button>
        {canPayByCard && (
          <Button variant="secondary" onClick={() => card.mutate()} isLoading={card.isPending} disabled={alipay.isPending} data-testid="pay-card">
            {t('payCard', { price: dollars })}
          </Button>
        )}
      </div>
    </Card>
  )
}
