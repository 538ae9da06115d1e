// What a burned-in subtitle may look like: four presets a creator recognises (their values are the
// video export's, components/video-export/look.ts), then every field custom; the schema the server
// remembers a creator's style by and the browser's renderer draws.
// Sizes are fractions of the video's height and margins fractions of its width and height, so one
// style reads the same on a 16:9 and a 9:16 video and on a preview scaled down in the editor.
import { z } from 'zod'
import { FONT_FAMILIES } from './fonts'

export const PRESET_IDS = ['outlined', 'box', 'bilingual', 'wordHighlight'] as const
export type PresetId = (typeof PRESET_IDS)[number]

export const POSITIONS = ['bottom', 'middle', 'top'] as const
export type Position = (typeof POSITIONS)[number]

const colour = z.string().regex(/^#[0-9a-f]{6}$/i)
const fraction = (min: number, max: number) => z.number().min(min).max(max)

/** One line's look (the translation, or the original under it in a bilingual style). */
export const lineStyleSchema = z.object({
  font: z.enum(FONT_FAMILIES),
  bold: z.boolean(),
  /** Text height as a fraction of the video's height (0.05 = 54 px on a 1080p video). */
  size: fraction(0.02, 0.12),
  colour,
  outlineColour: colour,
  /** Outline width as a fraction of the text size. */
  outline: fraction(0, 0.3),
  /** Drop shadow offset as a fraction of the text size. */
  shadow: fraction(0, 0.2),
  boxColour: colour,
  /** 0 = no box behind the text. */
  boxOpacity: fraction(0, 1),
})
export type LineStyle = z.infer<typeof lineStyleSchema>

export const subtitleStyleSchema = z.object({
  preset: z.enum(PRESET_IDS),
  content: z.enum(['translation', 'original', 'both']),
  main: lineStyleSchema,
  /** The original's line in a bilingual export (smaller, under the translation). */
  second: lineStyleSchema,
  position: z.enum(POSITIONS),
  /** Extra margin inside the title-safe area, as a fraction of the video's height. */
  margin: fraction(0, 0.2),
  /** Colour of the word being spoken (word-highlight preset). */
  highlightColour: colour,
})
export type SubtitleStyle = z.infer<typeof subtitleStyleSchema>
