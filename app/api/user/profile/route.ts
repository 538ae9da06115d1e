import { toPublicUser } from '@/lib/auth'
import { route } from '@/lib/http'

// POST /api/user/profile – the signed-in user (renews the 7-day session)
export const POST = route({ auth: 'user' }, async ({ user }) => toPublicUser(user))
