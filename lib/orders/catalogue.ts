import 'server-only'
import { db } from '@/lib/db'
import { productCatalogue } from '@/lib/site'
import { POINTS_PER_MINUTE } from '@/lib/pricing'
import type { ProductDto } from './contract'

/** The two catalogues: `list` for the China edition, `trans_list` for the international one. */
export type Catalogue = 'list' | 'trans_list'

export type { ProductDto } from './contract'


/** The region check that picks a catalogue (shared with the browser, see lib/site). */
export const catalogueFor = productCatalogue

/** Active products of one catalogue, smallest pack first. */
export async function listProducts(catalogue: Catalogue): Promise<ProductDto[]> {
  const rows = await db.product.findMany({ where: { catalogue, active: true }, orderBy: [{ points: 'asc' }, { id: 'asc' }] })
  return rows.map((p) => ({
    id: p.id,
    points: p.points,
    originalPrice: p.originalPrice.toNumber(),
    dollarPrice: p.dollarPrice.toNumber(),
    minutes: Math.floor(p.points / POINTS_PER_MINUTE),
  }))
}
