import { route } from '@/lib/http'
import { importMemoryTmx, limitMemoryImports, memoryImportSchema } from '@/lib/memory'

// POST /api/memory/import – adds a TMX file's translations to the caller's memory (multipart `file`); anything but TMX imports nothing
export const POST = route({ summary: 'Adds a TMX file\'s translations to the caller\'s memory (multipart file); anything but TMX imports nothing', auth: 'user', response: memoryImportSchema, multipart: true, rateLimit: ({ user }) => limitMemoryImports({ userId: user.id }) }, async ({ user, form }) =>
  importMemoryTmx({ userId: user.id, file: (form?.get('file') as File | null) ?? null }),
)
