import { NextResponse } from 'next/server'
import { fontSlices } from '@/lib/video/font-files'
import { ok, route } from '@/lib/http'

// GET /api/fonts/{family}/{weight} – a bundled subtitle font's slices and the characters each covers
export const GET = route(
  { summary: 'A bundled subtitle font\'s woff2 slices with their unicode ranges (burned-in subtitles load only the slices they draw)', auth: 'public', params: ['family', 'weight'], raw: [{ status: 200, description: 'The envelope with [{ file, range }], cacheable for a day', contentType: 'application/json' }] },
  async ({ params }) => NextResponse.json(ok(await fontSlices(params)), { headers: { 'cache-control': 'public, max-age=86400' } }),
)
