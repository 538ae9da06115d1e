import { route } from '@/lib/http'
import { translateForCaller, translateTextsBody } from '@/lib/translate/texts-route'
import { translatedTextsSchema } from '@/lib/translate/texts-route'

// POST /api/translation/deepseek_translate – texts[] + targetLanguage → one DeepSeek translation per text
export const POST = route({ summary: 'Texts[] + targetLanguage → one DeepSeek translation per text', auth: 'user', response: translatedTextsSchema, body: translateTextsBody }, async ({ user, body }) => translateForCaller('deepseek', body, { userId: user.id }))
