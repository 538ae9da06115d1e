// The look of a new ASS script (a task that is not ASS, exported as ASS): one Default style on a
// 1920x1080 canvas, white text with a black outline at the bottom, in the sans family's ASS font.
import { assFontName } from './fonts'

export const ASS_PLAY_RES = { x: 1920, y: 1080 } as const

/** The fields of a [V4+ Styles] line, in the Format line's order (colours as &HAABBGGRR). */
const STYLE_FORMAT = ['Name', 'Fontname', 'Fontsize', 'PrimaryColour', 'SecondaryColour', 'OutlineColour', 'BackColour', 'Bold', 'Italic', 'Underline', 'StrikeOut', 'ScaleX', 'ScaleY', 'Spacing', 'Angle', 'BorderStyle', 'Outline', 'Shadow', 'Alignment', 'MarginL', 'MarginR', 'MarginV', 'Encoding'] as const
type AssStyle = Record<(typeof STYLE_FORMAT)[number], string | number>

export const ASS_DEFAULT_STYLE: AssStyle = {
  Name: 'Default',
  Fontname: assFontName('sans'),
  Fontsize: 64,
  PrimaryColour: '&H00FFFFFF',
  SecondaryColour: '&H000000FF',
  OutlineColour: '&H00000000',
  BackColour: '&H80000000',
  Bold: 0,
  Italic: 0,
  Underline: 0,
  StrikeOut: 0,
  ScaleX: 100,
  ScaleY: 100,
  Spacing: 0,
  Angle: 0,
  BorderStyle: 1,
  Outline: 3,
  Shadow: 1,
  // Bottom centre (the numeric keypad's 2).
  Alignment: 2,
  MarginL: 60,
  MarginR: 60,
  MarginV: 50,
  Encoding: 1,
}

/** The [V4+ Styles] section holding `styles`. */
export function assStylesSection(styles: readonly AssStyle[]): string {
  return ['[V4+ Styles]', `Format: ${STYLE_FORMAT.join(', ')}`, ...styles.map((style) => `Style: ${STYLE_FORMAT.map((field) => style[field]).join(',')}`)].join('\n')
}
