import { deleteUser } from '@/lib/accounts'
import { deleteUserSchema } from '@/lib/accounts/schemas'
import { dubFilesOfUser, removeDubFiles } from '@/lib/dub'
import { route } from '@/lib/http'
import { deletedUserSchema } from '@/lib/accounts/contract'

// POST /api/user/delete_user – managers: delete a user and end their sessions at once (not oneself);
// their dubs' files go too (read first: the rows go with the account)
export const POST = route({ summary: 'Managers: delete a user and end their sessions at once (not oneself)', auth: 'manager', response: deletedUserSchema, body: deleteUserSchema }, async ({ user, body }) => {
  const dubFiles = body.id === user.id ? [] : await dubFilesOfUser(body.id)
  const deleted = await deleteUser({ id: body.id, actorId: user.id })
  await removeDubFiles(dubFiles)
  return { id: deleted.id, name: deleted.name }
})
