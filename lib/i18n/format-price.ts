// The one way a price is written: the pricing page, the points packs, orders and a manager's view.

/**
 * A price in a currency, written the way the reader's language writes money, with the currency's
 * narrow sign (`¥19.90`, `$8.99`). A currency code Intl does not know is shown as stored (`19.90 XYZ`).
 */
export function formatPrice(amount: number | string, currency: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).format(Number(amount))
  } catch {
    return `${amount} ${currency}`
  }
}
