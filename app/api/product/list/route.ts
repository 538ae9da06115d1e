import { route } from '@/lib/http'
import { listProducts } from '@/lib/orders'

// POST /api/product/list – the China edition's points packs (public: the pricing page shows them too)
export const POST = route({ auth: 'public' }, async () => listProducts('list'))
