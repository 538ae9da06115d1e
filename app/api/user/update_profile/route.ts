import { updateProfile } from '@/lib/accounts'
import { updateProfileSchema } from '@/lib/accounts/schemas'
import { toPublicUser } from '@/lib/auth'
import { route } from '@/lib/http'

// POST /api/user/update_profile – change the display name (2-20) and optionally the picture
export const POST = route({ auth: 'user', body: updateProfileSchema }, async ({ user, body }) => {
  return toPublicUser(await updateProfile({ userId: user.id, name: body.name, picture: body.pic }))
})
