import { fontFile } from '@/lib/video/font-files'
import { route } from '@/lib/http'

// GET /api/fonts/{family}/files/{file} – one woff2 slice of a bundled subtitle font
export const GET = route(
  { summary: 'One woff2 slice of a bundled subtitle font (Noto Sans SC, JP or KR), cached for a year', auth: 'public', params: ['family', 'file'], raw: [{ status: 200, description: 'The font slice', contentType: 'font/woff2' }] },
  async ({ params }) => new Response(new Uint8Array(await fontFile(params)), { headers: { 'content-type': 'font/woff2', 'cache-control': 'public, max-age=31536000, immutable' } }),
)
