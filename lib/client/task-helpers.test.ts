import { describe, expect, it } from 'vitest'
import type { TaskSegment } from './tasks'
import { checkSrtFile, defaultExportContent, dispositionName, estimatedSeconds, exportFileName, formatBytes, mergeTaskChanges, pointsToMinutes, shortTime, withSegments } from './task-helpers'

describe('checkSrtFile', () => {
  it('accepts .srt in any case up to 5242880 bytes', () => {
    expect(checkSrtFile({ name: 'movie.srt', size: 10 })).toBeNull()
    expect(checkSrtFile({ name: 'MOVIE.SRT', size: 5_242_880 })).toBeNull()
    expect(checkSrtFile({ name: 'a.Srt', size: 1 })).toBeNull()
  })
  it('rejects other extensions first', () => {
    expect(checkSrtFile({ name: 'movie.vtt', size: 10 })).toBeNull()
    expect(checkSrtFile({ name: 'Ep01.ASS', size: 10 })).toBeNull()
    expect(checkSrtFile({ name: 'old.ssa', size: 10 })).toBeNull()
    expect(checkSrtFile({ name: 'movie.sub', size: 10 })).toBe('invalid_format')
    expect(checkSrtFile({ name: 'movie.srt.txt', size: 10 })).toBe('invalid_format')
    expect(checkSrtFile({ name: 'srt', size: 10 })).toBe('invalid_format')
  })
  it('rejects empty and oversized files', () => {
    expect(checkSrtFile({ name: 'a.srt', size: 0 })).toBe('empty_file')
    expect(checkSrtFile({ name: 'a.srt', size: 5_242_881 })).toBe('too_large')
  })
})

describe('numbers shown in the upload dialog', () => {
  it('shows points as minutes (points / 10)', () => {
    expect(pointsToMinutes(30)).toBe(3)
    expect(pointsToMinutes(0)).toBe(0)
    expect(pointsToMinutes(15)).toBe(1.5)
  })
  it('shows estimated time in whole seconds, never 0 for a real job', () => {
    expect(estimatedSeconds(12_000)).toBe(12)
    expect(estimatedSeconds(12_001)).toBe(13)
    expect(estimatedSeconds(300)).toBe(1)
    expect(estimatedSeconds(0)).toBe(0)
  })
  it('formats file sizes', () => {
    expect(formatBytes(812)).toBe('812 B')
    expect(formatBytes(14_540)).toBe('14.2 KB')
    expect(formatBytes(3_250_000)).toBe('3.1 MB')
    expect(formatBytes(1024 ** 3)).toBe('1.0 GB')
    expect(formatBytes(12 * 1024 ** 3)).toBe('12 GB')
  })
})

describe('editor and export helpers', () => {
  it('keeps the first 8 characters of a time', () => {
    expect(shortTime('01:02:03,456')).toBe('1:02:03.456')
    expect(shortTime('00:00:09,120')).toBe('00:09.120')
    expect(shortTime('00:12:00.005')).toBe('12:00.005')
    expect(shortTime('')).toBe('')
  })
  it('downloads bilingual only when the task keeps the original', () => {
    expect(defaultExportContent({ includeOriginalText: true })).toBe('bilingual')
    expect(defaultExportContent({ includeOriginalText: false })).toBe('translated')
    expect(defaultExportContent({})).toBe('translated')
  })
  it('names an export after its file with the language, as the ZIP names its entries', () => {
    expect(exportFileName('Movie.SRT', 'vtt', 'bilingual', 'ja')).toBe('Movie.ja.bilingual.vtt')
    expect(exportFileName('.srt', 'srt', 'original', 'fr')).toBe('subtitles.fr.original.srt')
  })
  it('names a transcription after its recording, without the video extension (issue 29)', () => {
    expect(exportFileName('creator-talk.mp4', 'srt', 'translated', 'en')).toBe('creator-talk.en.translated.srt')
    expect(exportFileName('Interview.MOV', 'vtt', 'bilingual', 'zh')).toBe('Interview.zh.bilingual.vtt')
    expect(exportFileName('podcast.mp3', 'ass', 'original', 'ja')).toBe('podcast.ja.original.ass')
  })
  it('names an SSA upload written back into its own format .ssa, as the server does', () => {
    expect(exportFileName('Night Market.ssa', 'ass', 'translated', 'ja')).toBe('Night Market.ja.translated.ssa')
    expect(exportFileName('Night Market.ssa', 'srt', 'translated', 'ja')).toBe('Night Market.ja.translated.srt')
    expect(exportFileName('Film.ass', 'ass', 'bilingual', 'ko')).toBe('Film.ko.bilingual.ass')
  })
  it('reads Content-Disposition names, preferring the encoded one', () => {
    expect(dispositionName('attachment; filename="a.srt"')).toBe('a.srt')
    expect(dispositionName("attachment; filename=\"x.srt\"; filename*=UTF-8''%E5%AD%97%E5%B9%95.srt")).toBe('字幕.srt')
    expect(dispositionName('attachment; filename=plain.vtt')).toBe('plain.vtt')
    expect(dispositionName(null)).toBeNull()
    expect(dispositionName('inline')).toBeNull()
  })
})

describe('mergeTaskChanges', () => {
  const seg = (id: number, text: string | null) => ({ id, translatedText: text })
  const copy = { status: 'translating', segmentCount: 3, cursor: '10', segments: [seg(1, null), seg(2, null), seg(3, null)] }

  it('puts changed rows in their places, keeps the others as the same objects, and takes the new cursor and status', () => {
    const merged = mergeTaskChanges(copy, { status: 'completed', segmentCount: 3, cursor: '12', segments: [seg(2, 'deux')] })!
    expect(merged.segments.map((s) => s.translatedText)).toEqual([null, 'deux', null])
    expect(merged.segments[0]).toBe(copy.segments[0])
    expect([merged.status, merged.cursor]).toEqual(['completed', '12'])
    expect(copy.segments[1].translatedText).toBeNull()
  })

  it('gives up (null) on a row it does not hold or another number of rows, so the caller fetches the whole task', () => {
    expect(mergeTaskChanges(copy, { status: 'translating', segmentCount: 3, cursor: '12', segments: [seg(9, 'x')] })).toBeNull()
    expect(mergeTaskChanges(copy, { status: 'translating', segmentCount: 4, cursor: '12', segments: [] as typeof copy.segments })).toBeNull()
  })
})

describe('withSegments', () => {
  const segment: TaskSegment = { id: 7, startTime: '00:00:01,000', endTime: '00:00:02,000', duration: 1000, originalText: 'Hello', translatedText: '你好', translatedBy: 'deepseek', firstTranslation: null }
  it('replaces one segment and keeps the other objects', () => {
    const other = { ...segment, id: 8 }
    const task = { segments: [segment, other] }
    const next = withSegments(task, [{ id: 7, translatedText: 'hi' }])
    expect(next.segments[0].translatedText).toBe('hi')
    expect(next.segments[1]).toBe(other)
    expect(withSegments(task, [{ id: 99 }])).toBe(task)
  })
})
