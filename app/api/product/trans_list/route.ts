import { route } from '@/lib/http'
import { listProducts } from '@/lib/orders'

// POST /api/product/trans_list – the international edition's points packs
export const POST = route({ auth: 'public' }, async () => listProducts('trans_list'))
