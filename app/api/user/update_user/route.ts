import { updateUser } from '@/lib/accounts'
import { updateUserSchema } from '@/lib/accounts/schemas'
import { toPublicUser } from '@/lib/auth'
import { route } from '@/lib/http'
import { publicUserSchema } from '@/lib/accounts/contract'

// POST /api/user/update_user – managers: change a user's name (2-20) and role (never one's own manager role)
export const POST = route({ summary: 'Managers: change a user\'s name (2-20) and role (never one\'s own manager role)', auth: 'manager', response: publicUserSchema, body: updateUserSchema }, async ({ user, body }) => {
  return toPublicUser(await updateUser({ id: body.id, actorId: user.id, name: body.name, admin: body.admin }))
})
