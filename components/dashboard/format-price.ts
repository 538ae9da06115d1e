/** A price in a currency, written the way the reader's language writes money. */
export function formatPrice(amount: number, currency: 'CNY' | 'USD', locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).format(amount)
}
