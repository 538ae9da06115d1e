import { describe, expect, it } from 'vitest'
import type { CueSource } from './cues'
import { languageTitle, toSubtitleTracks } from './track-cues'

// The track export's tracks from the editor's cues: which tracks, in which order, with which texts.

const SEGMENTS: CueSource[] = [
  { startTime: '00:00:02,500', endTime: '00:00:04,000', original: 'Bye.', translation: '' },
  { startTime: '00:00:00,500', endTime: '00:00:02,000', original: 'Hi Anna.', translation: 'Salut Anna.' },
  { startTime: '00:00:05,000', endTime: '00:00:05,000', original: 'Empty time.', translation: 'Vide.' },
]
const languages = { translation: 'fr', original: 'en' }

describe('toSubtitleTracks', () => {
  it('puts the translation first and the original second, sorted by time, zero-length cues left out', () => {
    const tracks = toSubtitleTracks(SEGMENTS, { languages, hasTranslation: true, includeOriginal: true })
    expect(tracks.map((t) => [t.language, t.title])).toEqual([
      ['fr', 'Français'],
      ['en', 'English'],
    ])
    expect(tracks[1].cues).toEqual([
      { startMs: 500, endMs: 2000, text: 'Hi Anna.' },
      { startMs: 2500, endMs: 4000, text: 'Bye.' },
    ])
    // An untranslated line falls back to the original, as the translated subtitle export does.
    expect(tracks[0].cues.map((c) => c.text)).toEqual(['Salut Anna.', 'Bye.'])
  })

  it('gives the translation alone when the original is not asked for, the original alone without a translation', () => {
    expect(toSubtitleTracks(SEGMENTS, { languages, hasTranslation: true, includeOriginal: false }).map((t) => t.language)).toEqual(['fr'])
    expect(toSubtitleTracks(SEGMENTS, { languages, hasTranslation: false, includeOriginal: true }).map((t) => t.language)).toEqual(['en'])
  })
})

describe('languageTitle', () => {
  it("names a language in that language, capitalised, and keeps an unknown code", () => {
    expect(languageTitle('ja')).toBe('日本語')
    expect(languageTitle('zh-CN')).toMatch(/^中文/)
    expect(languageTitle('de')).toBe('Deutsch')
    expect(languageTitle('not a code')).toBe('not a code')
  })
})
