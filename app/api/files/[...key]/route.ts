import { AppError } from '@/lib/errors'
import { route } from '@/lib/http'
import { assertSafeKey, StorageError } from '@/lib/storage'
import { appStorage } from '@/lib/storage/app-storage'

// GET /api/files/avatars/<user>/<name>.webp – serve a stored avatar (only the avatars/ prefix is public)
export const GET = route({ summary: 'A stored avatar image (only the avatars/ prefix is served)', raw: [{ status: 200, description: 'The image', contentType: 'image/webp' }], auth: 'public', params: ['key'] }, async ({ params }) => {
  const key = params.key ?? ''
  if (!/^avatars\/[\w-]+\/[\w.-]+\.webp$/.test(key)) throw new AppError('not_found', 'notFound')
  let body: Buffer | null
  try {
    body = await appStorage().get(assertSafeKey(key))
  } catch (error) {
    if (error instanceof StorageError && error.code === 'invalid_key') throw new AppError('not_found', 'notFound')
    throw error
  }
  if (!body) throw new AppError('not_found', 'notFound')
  // Keys are never reused (a new upload gets a new name), so the file can be cached for good.
  return new Response(new Uint8Array(body), {
    headers: {
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
    },
  })
})
