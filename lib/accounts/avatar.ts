import 'server-only'
import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { AppError } from '@/lib/errors'
import { appStorage } from '@/lib/storage/app-storage'
import { AVATAR_URL_PREFIX } from './schemas'

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024
const AVATAR_SIZE = 256
// Decoding is bounded too: a tiny file can declare a gigantic canvas.
const MAX_INPUT_PIXELS = 40_000_000

/**
 * Stores an uploaded avatar and returns its URL. Rules: images only, at most 2 MB; whatever came
 * in is decoded and re-encoded as a 256×256 WebP (cropped to the centre, EXIF orientation applied,
 * metadata dropped), so nothing the client sent is ever served back as-is.
 */
export async function storeAvatar({ userId, file }: { userId: string; file: File }): Promise<{ url: string; key: string }> {
  if (file.size > AVATAR_MAX_BYTES) throw new AppError('bad_request', 'avatarTooLarge')
  if (file.type && !file.type.startsWith('image/')) throw new AppError('bad_request', 'avatarNotImage')
  const input = Buffer.from(await file.arrayBuffer())
  if (input.length === 0) throw new AppError('bad_request', 'avatarRequired')
  if (input.length > AVATAR_MAX_BYTES) throw new AppError('bad_request', 'avatarTooLarge')
  let output: Buffer
  try {
    output = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer()
  } catch {
    throw new AppError('bad_request', 'avatarNotImage')
  }
  const key = `avatars/${userId}/${Date.now().toString(36)}-${randomBytes(6).toString('hex')}.webp`
  await appStorage().put(key, output, { contentType: 'image/webp' })
  return { key, url: `${AVATAR_URL_PREFIX}${key.slice('avatars/'.length)}` }
}
