import { describe, expect, it } from 'vitest'
import { contentDisposition, exportName } from './export'
import { cleanFileName } from './upload'
import { newTaskId } from './create'

describe('task helpers', () => {
  it('names exports after the upload', () => {
    expect(exportName('Movie.SRT', 'vtt', 'bilingual', 'ja')).toBe('Movie.ja.bilingual.vtt')
    expect(exportName('.srt', 'srt', 'original', 'fr')).toBe('subtitles.fr.original.srt')
  })

  it('writes Content-Disposition with an RFC 5987 name when it is not plain ASCII', () => {
    expect(contentDisposition('movie.translated.srt')).toBe('attachment; filename="movie.translated.srt"')
    expect(contentDisposition('映画 "1".srt')).toBe(`attachment; filename="__ _1_.srt"; filename*=UTF-8''%E6%98%A0%E7%94%BB%20%221%22.srt`)
    expect(contentDisposition("it's (final)*.srt")).toBe(`attachment; filename="it's (final)*.srt"`)
  })

  it('keeps file names safe for storage keys and headers', () => {
    expect(cleanFileName('C:\\Users\\me\\clip.srt')).toBe('clip.srt')
    expect(cleanFileName('../../etc/passwd.srt')).toBe('passwd.srt')
    expect(cleanFileName('bad\u0000\u0007name.srt')).toBe('badname.srt')
    expect(cleanFileName('x'.repeat(300) + '.srt')).toHaveLength(200)
    // Long names are cut between code points, so the name stays valid Unicode.
    const emoji = cleanFileName('a' + '😀'.repeat(150) + '.srt')
    expect(emoji).toBe('a' + '😀'.repeat(97) + '.srt')
    expect(() => encodeURIComponent(emoji)).not.toThrow()
    expect(cleanFileName('x\u202etrs.exe.srt')).toBe('xtrs.exe.srt')
    expect(contentDisposition('\ud83d.srt')).toBe(`attachment; filename="_.srt"; filename*=UTF-8''%EF%BF%BD.srt`)
  })

  it('makes timestamp task ids', () => {
    const id = newTaskId(1_700_000_000_000)
    expect(id).toMatch(/^1700000000000\d{6}$/)
  })
})
