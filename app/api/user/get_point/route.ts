import { route } from '@/lib/http'
import { getBalance } from '@/lib/points'
import { balanceSchema } from '@/lib/points/contract'

// POST /api/user/get_point – the caller's balance: unexpired points only
export const POST = route({ summary: 'The caller\'s balance: unexpired points only', auth: 'user', response: balanceSchema }, async ({ user }) => ({ point: await getBalance({ userId: user.id }) }))
