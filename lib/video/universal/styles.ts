// What a burned-in subtitle looks like: four presets a creator recognises, then every
// field custom; shared by the browser's renderer and the server that remembers a creator's style.
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

const WHITE_OUTLINED: LineStyle = { font: 'sans', bold: true, size: 0.055, colour: '#ffffff', outlineColour: '#000000', outline: 0.14, shadow: 0.05, boxColour: '#000000', boxOpacity: 0 }

export const PRESETS: Record<PresetId, SubtitleStyle> = {
  outlined: { preset: 'outlined', content: 'translation', main: WHITE_OUTLINED, second: { ...WHITE_OUTLINED, size: 0.04, bold: false }, position: 'bottom', margin: 0.02, highlightColour: '#ffd21f' },
  box: {
    preset: 'box',
    content: 'translation',
    main: { ...WHITE_OUTLINED, bold: false, outline: 0, shadow: 0, boxOpacity: 0.72 },
    second: { ...WHITE_OUTLINED, bold: false, size: 0.04, outline: 0, shadow: 0, boxOpacity: 0.72 },
    position: 'bottom',
    margin: 0.02,
    highlightColour: '#ffd21f',
  },
  bilingual: {
    preset: 'bilingual',
    content: 'both',
    main: { ...WHITE_OUTLINED, size: 0.052 },
    second: { ...WHITE_OUTLINED, bold: false, size: 0.036, colour: '#f5e6a8', outline: 0.12 },
    position: 'bottom',
    margin: 0.02,
    highlightColour: '#ffd21f',
  },
  wordHighlight: {
    preset: 'wordHighlight',
    content: 'original',
    main: { ...WHITE_OUTLINED, size: 0.06, outline: 0.18, shadow: 0.06 },
    second: { ...WHITE_OUTLINED, size: 0.04 },
    position: 'middle',
    margin: 0,
    highlightColour: '#ffd21f',
  },
}

export const presetStyle = (id: PresetId): SubtitleStyle => structuredClone(PRESETS[id])
