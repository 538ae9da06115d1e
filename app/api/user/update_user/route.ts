import { updateUser } from '@/lib/accounts'
import { updateUserSchema } from '@/lib/accounts/schemas'
import { toPublicUser } from '@/lib/auth'
import { route } from '@/lib/http'

// POST /api/user/update_user – managers: change a user's name (2-20) and role (never one's own manager role)
export const POST = route({ auth: 'manager', body: updateUserSchema }, async ({ user, body }) => {
  return toPublicUser(await updateUser({ id: body.id, actorId: user.id, name: body.name, admin: body.admin }))
})
