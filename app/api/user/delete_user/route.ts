import { deleteUser } from '@/lib/accounts'
import { deleteUserSchema } from '@/lib/accounts/schemas'
import { route } from '@/lib/http'
import { deletedUserSchema } from '@/lib/accounts/contract'

// POST /api/user/delete_user – managers: delete a user and end their sessions at once (not oneself)
export const POST = route({ summary: 'Managers: delete a user and end their sessions at once (not oneself)', auth: 'manager', response: deletedUserSchema, body: deleteUserSchema }, async ({ user, body }) => {
  const deleted = await deleteUser({ id: body.id, actorId: user.id })
  return { id: deleted.id, name: deleted.name }
})
