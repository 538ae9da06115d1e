/** The point packs every environment starts with (the seed writes them; public pages fall back to them). */
export const DEFAULT_PRODUCTS = [
  { id: 1, points: 300, originalPrice: '19.90', dollarPrice: '2.99', catalogue: 'list' },
  { id: 2, points: 1000, originalPrice: '59.90', dollarPrice: '8.99', catalogue: 'list' },
  { id: 3, points: 3000, originalPrice: '159.00', dollarPrice: '22.99', catalogue: 'list' },
  { id: 4, points: 10000, originalPrice: '469.00', dollarPrice: '66.99', catalogue: 'list' },
  { id: 11, points: 1000, originalPrice: '59.90', dollarPrice: '8.99', catalogue: 'trans_list' },
  { id: 12, points: 5000, originalPrice: '269.00', dollarPrice: '38.99', catalogue: 'trans_list' },
] as const
