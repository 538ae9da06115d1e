import { updateProfile } from '@/lib/accounts'
import { isAvatarUrl, updateProfileSchema } from '@/lib/accounts/schemas'
import { toPublicUser } from '@/lib/auth'
import { AppError } from '@/lib/errors'
import { route } from '@/lib/http'
import { publicUserSchema } from '@/lib/accounts/contract'

// POST /api/user/update_profile – change the display name (2-20) and optionally the picture
export const POST = route({ summary: 'Change the display name (2-20) and optionally the picture', auth: 'user', response: publicUserSchema, body: updateProfileSchema }, async ({ user, body }) => {
  // The picture may stay as it is (a Google or WeChat one included), be removed (''), or become an
  // avatar this user uploaded; never someone else's file or an outside address.
  const isUnchanged = body.pic === undefined || body.pic === (user.picture ?? '')
  if (!isUnchanged && body.pic !== '' && !isAvatarUrl(body.pic!, user.id)) throw new AppError('bad_request', 'picInvalid')
  return toPublicUser(await updateProfile({ userId: user.id, name: body.name, picture: isUnchanged ? undefined : body.pic }))
})
