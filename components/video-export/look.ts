// The video export's own look: the presets' values and each font family's CSS stack (the
// schema and the names both sides share: lib/video/universal).
import type { FontFamily } from '@/lib/video/universal/fonts'
import type { LineStyle, PresetId, SubtitleStyle } from '@/lib/video/universal/styles'
import { FONT_NAMES } from './font-scripts'

const CJK = Object.values(FONT_NAMES).map((name) => `"${name}"`).join(', ')

/** CSS font-family lists, one per family (the bundled fonts loaded only when a text needs them: fonts.ts). */
export const FONT_STACKS: Record<FontFamily, string> = {
  sans: `${CJK}, "Noto Sans", "DejaVu Sans", system-ui, sans-serif`,
  serif: `"Noto Serif", "DejaVu Serif", ${CJK}, serif`,
  rounded: `"Nunito", ${CJK}, system-ui, sans-serif`,
}

const WHITE_OUTLINED: LineStyle = { font: 'sans', bold: true, size: 0.055, colour: '#ffffff', outlineColour: '#000000', outline: 0.14, shadow: 0.05, boxColour: '#000000', boxOpacity: 0 }

const PRESETS: Record<PresetId, SubtitleStyle> = {
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
