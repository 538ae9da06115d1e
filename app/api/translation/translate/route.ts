import { route } from '@/lib/http'
import { translateForCaller, translateTextsBody } from '@/lib/translate/texts-route'
import { translatedTextsSchema } from '@/lib/translate/texts-route'

// POST /api/translation/translate – texts[] + targetLanguage → one Google translation per text
export const POST = route({ summary: 'Texts[] + targetLanguage → one Google translation per text', auth: 'user', response: translatedTextsSchema, body: translateTextsBody }, async ({ user, body }) => translateForCaller('google', body, { userId: user.id }))
