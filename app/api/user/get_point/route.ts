import { route } from '@/lib/http'
import { getBalance } from '@/lib/points'

// POST /api/user/get_point – the caller's balance: unexpired points only
export const POST = route({ auth: 'user' }, async ({ user }) => ({ point: await getBalance({ userId: user.id }) }))
