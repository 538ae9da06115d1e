import 'server-only'
import { listProducts, type Catalogue, type ProductDto } from '@/lib/orders'
import { POINTS_PER_MINUTE } from '@/lib/pricing'
import { DEFAULT_PRODUCTS } from '@/lib/orders/default-catalogue'

/**
 * The packs a public page shows, read when the page is built. Public pages are never revalidated:
 * a regenerated page would be served from memory while the Content-Security-Policy hashes its
 * scripts from the file on disk (lib/security/prerendered.ts). A build without a database (CI, a
 * build machine) shows the catalogue the seed writes.
 */
export async function publicProducts(catalogue: Catalogue): Promise<ProductDto[]> {
  try {
    const products = await listProducts(catalogue)
    if (products.length > 0) return products
  } catch {
    // No database at build time: the seed's catalogue below.
  }
  return defaultProducts(catalogue)
}

export function defaultProducts(catalogue: Catalogue): ProductDto[] {
  return DEFAULT_PRODUCTS.filter((p) => p.catalogue === catalogue).map((p) => ({
    id: p.id,
    points: p.points,
    originalPrice: Number(p.originalPrice),
    dollarPrice: Number(p.dollarPrice),
    minutes: Math.floor(p.points / POINTS_PER_MINUTE),
  }))
}
