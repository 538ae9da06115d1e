import { route } from '@/lib/http'
import { listProducts } from '@/lib/orders'
import { productListSchema } from '@/lib/orders/contract'

// POST /api/product/list – the China edition's points packs (public: the pricing page shows them too)
export const POST = route({ summary: 'The China edition\'s points packs (public: the pricing page shows them too)', auth: 'public', response: productListSchema }, async () => listProducts('list'))
