import { route } from '@/lib/http'
import { rememberedStyle, rememberStyle } from '@/lib/video/remembered-style'
import { subtitleStyleSchema } from '@/lib/video/universal/styles'

// GET /api/user/video_style – the style the creator last burned subtitles with (null before the first)
export const GET = route({ summary: 'The creator\'s remembered burn-in subtitle style (null before their first video export)', auth: 'user', response: subtitleStyleSchema.nullable() }, async ({ user }) => rememberedStyle(user.id))

// POST /api/user/video_style – remembers the style of a video export for the next one
export const POST = route({ summary: 'Remembers the creator\'s burn-in subtitle style for their next video export', auth: 'user', body: subtitleStyleSchema, response: subtitleStyleSchema }, async ({ user, body }) => rememberStyle(user.id, body))
