import { toPublicUser } from '@/lib/auth'
import { route } from '@/lib/http'
import { publicUserSchema } from '@/lib/accounts/contract'

// POST /api/user/profile – the signed-in user (renews the 7-day session)
export const POST = route({ summary: 'The signed-in user (renews the 7-day session)', auth: 'user', response: publicUserSchema }, async ({ user }) => toPublicUser(user))
