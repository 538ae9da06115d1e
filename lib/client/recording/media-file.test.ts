import { describe, expect, it } from 'vitest'
import { checkMediaFile, clockTime, isMediaFile, MAX_MEDIA_BYTES, MEDIA_ACCEPT } from './media-file'

describe('isMediaFile', () => {
  it('takes the videos and recordings of issue 22 in any case', () => {
    for (const name of ['a.mp4', 'b.MOV', 'c.mkv', 'd.webm', 'e.m4a', 'f.mp3', 'g.wav', 'h.ogg', 'i.opus', 'j.flac', 'k.AAC', ' talk.webm ']) expect(isMediaFile({ name })).toBe(true)
  })
  it('leaves subtitle files and anything else to the subtitle checks', () => {
    for (const name of ['a.srt', 'b.vtt', 'c.ass', 'movie.mp4.srt', 'notes.txt', 'mp4', 'video.avi']) expect(isMediaFile({ name })).toBe(false)
  })
  it('lists the same extensions for the picker', () => {
    expect(MEDIA_ACCEPT.split(',')).toHaveLength(11)
    expect(MEDIA_ACCEPT).toContain('.webm')
  })
})

describe('checkMediaFile', () => {
  it('refuses an empty file and one over 2 GB, takes 2 GB exactly', () => {
    expect(checkMediaFile({ size: 0 })).toBe('empty')
    expect(checkMediaFile({ size: MAX_MEDIA_BYTES + 1 })).toBe('tooLarge')
    expect(checkMediaFile({ size: MAX_MEDIA_BYTES })).toBeNull()
  })
})

describe('clockTime', () => {
  it('reads minutes and seconds, hours once there are any', () => {
    expect(clockTime(42_000)).toBe('0:42')
    expect(clockTime(725_000)).toBe('12:05')
    expect(clockTime(3_723_000)).toBe('1:02:03')
    expect(clockTime(10_800_000)).toBe('3:00:00')
  })
  it('rounds to the nearest second as players do, yet a short sound never reads 0:00', () => {
    expect(clockTime(20_020)).toBe('0:20')
    expect(clockTime(59_600)).toBe('1:00')
    expect(clockTime(1)).toBe('0:01')
    expect(clockTime(0)).toBe('0:00')
  })
})
