import { route } from '@/lib/http'
import { listProducts } from '@/lib/orders'
import { productListSchema } from '@/lib/orders/contract'

// POST /api/product/trans_list – the international edition's points packs
export const POST = route({ summary: 'The international edition\'s points packs', auth: 'public', response: productListSchema }, async () => listProducts('trans_list'))
