import { storeAvatar } from '@/lib/accounts'
import { AppError } from '@/lib/errors'
import { route } from '@/lib/http'
import { avatarSchema } from '@/lib/accounts/contract'

// POST /api/upload – upload an avatar image (≤ 2 MB), stored as a 256×256 WebP; answers its URL
export const POST = route({ summary: 'Upload an avatar image (≤ 2 MB), stored as a 256×256 WebP; answers its URL', auth: 'user', response: avatarSchema, multipart: true }, async ({ user, form }) => {
  const file = form?.get('avatar') ?? form?.get('file')
  if (!file || typeof file === 'string') throw new AppError('bad_request', 'avatarRequired')
  return storeAvatar({ userId: user.id, file })
})
