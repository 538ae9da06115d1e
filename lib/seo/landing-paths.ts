/** The SEO landing paths: each shows the landing page with its own title. */
export const LANDING_SLUGS = [
  'srt-translation',
  'subtitle-editor',
  'multilingual-subtitle',
  'ai-subtitle-translation',
  'subtitle-translation-tool',
  'video-subtitle-translation',
  'online-subtitle-translator',
  'subtitle-maker',
  'subtitle-converter',
  'chinese-subtitle-translation',
  'english-subtitle-translation',
  'japanese-subtitle-translation',
  'korean-subtitle-translation',
  'help',
  'pricing',
  'blog',
  'faq',
  'tutorial',
  'guide',
] as const

export type LandingSlug = (typeof LANDING_SLUGS)[number]

export function isLandingSlug(value: string): value is LandingSlug {
  return (LANDING_SLUGS as readonly string[]).includes(value)
}
