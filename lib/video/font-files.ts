import 'server-only'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { z } from 'zod'
import { AppError } from '@/lib/errors'
import { BUNDLED_FONT_IDS } from './universal/fonts'

// The CJK fonts burned-in subtitles are drawn with (the list: universal/fonts.ts), served from our
// own origin out of the @fontsource packages: the browser registers each unicode-range slice and
// fetches only the slices holding the characters it draws.

export const fontParams = z.object({ family: z.enum(BUNDLED_FONT_IDS), weight: z.enum(['400', '700']) })
export const fontFileParams = z.object({ family: z.enum(BUNDLED_FONT_IDS), file: z.string().regex(/^[a-z0-9-]+\.woff2$/) })
export const fontSlicesSchema = z.array(z.object({ file: z.string(), range: z.string() }))

const dirOf = (family: string) => path.join(process.cwd(), 'node_modules', '@fontsource', family)

/** The woff2 slices of a family and weight with the code points each covers (CSS unicode-range). */
export async function fontSlices(params: unknown): Promise<z.infer<typeof fontSlicesSchema>> {
  const parsed = fontParams.safeParse(params)
  if (!parsed.success) throw new AppError('not_found', 'notFound')
  const css = await readFile(path.join(dirOf(parsed.data.family), `${parsed.data.weight}.css`), 'utf8')
  return css
    .split('@font-face')
    .slice(1)
    .flatMap((block) => {
      const file = /url\(\.\/files\/([^)]+\.woff2)\)/.exec(block)?.[1]
      const range = /unicode-range:\s*([^;]+);/.exec(block)?.[1]
      return file && range ? [{ file, range: range.trim() }] : []
    })
}

/** One slice's bytes; 40400 for any name that is not a file of the family. */
export async function fontFile(params: unknown): Promise<Buffer> {
  const parsed = fontFileParams.safeParse(params)
  if (!parsed.success || !parsed.data.file.startsWith(`${parsed.data.family}-`)) throw new AppError('not_found', 'notFound')
  return readFile(path.join(dirOf(parsed.data.family), 'files', parsed.data.file)).catch(() => {
    throw new AppError('not_found', 'notFound')
  })
}
