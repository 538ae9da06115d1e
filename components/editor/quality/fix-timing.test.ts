import { describe, expect, it } from 'vitest'
import type { TaskSegment } from '@/lib/client/tasks'
import { formatMs } from '@/lib/subtitles/time'
import { TIMING_PROFILES } from '@/lib/timing'
import { fixTimingWrites, readingSpeedFix } from './fix-timing'
import { timingFlagsByRow } from './timing-flags'

const row = (id: number, startMs: number, endMs: number, text = 'Hi.'): TaskSegment => ({
  id,
  startTime: formatMs(startMs),
  endTime: formatMs(endMs),
  duration: endMs - startMs,
  originalText: text,
  translatedText: text,
  translatedBy: 'deepseek',
  firstTranslation: null,
})

const en = TIMING_PROFILES['netflix-en']

describe('the editor\'s timing fixes', () => {
  // Back to back (no gap), the third too short, the fourth listed before a cue that starts earlier.
  const rows = [row(1, 0, 1000), row(2, 1000, 2000), row(3, 2500, 2800), row(4, 9000, 10000), row(5, 6000, 7000)]

  it('flags by row id: gaps under 2 frames, a cue too short', () => {
    const flags = timingFlagsByRow(rows, en, 25)
    expect([...flags.keys()]).toEqual([1, 3, 4])
    expect(flags.get(1)).toEqual([{ index: 0, kind: 'gapTooSmall', value: 0, limit: 80, frames: 0, limitFrames: 2 }])
    expect(flags.get(3)?.map((f) => f.kind)).toEqual(['tooShort'])
    // Row 4 is read before row 5 in the list: its "next" is row 5, which starts before it ends.
    expect(flags.get(4)?.map((f) => f.kind)).toEqual(['gapTooSmall'])
  })

  it('fixes the whole file in order of start, or only the selection, as writes by row id', () => {
    // Row 1 ends 2 frames before row 2; row 2 is 500 ms before row 3 (not under the 480 ms chaining
    // threshold); row 3 lengthened to 2500 + 833 on the next frame, 3360.
    const all = fixTimingWrites(rows, [], en, 25)
    expect(all.writes).toEqual([
      { id: 1, startTime: '00:00:00,000', endTime: '00:00:00,920' },
      { id: 3, startTime: '00:00:02,500', endTime: '00:00:03,360' },
    ])
    expect(all.unfixed).toEqual([])
    expect(fixTimingWrites(rows, [3], en, 25).writes).toEqual([{ id: 3, startTime: '00:00:02,500', endTime: '00:00:03,360' }])
  })

  it('extends a line read too fast into the free time, else says how far to condense it', () => {
    const text = 'x'.repeat(30) // 1.5 s at 20 a second
    expect(readingSpeedFix([row(1, 0, 1000, text), row(2, 5000, 6000)], 1, text, en, 25)).toEqual({ status: 'extended', write: { id: 1, startTime: '00:00:00,000', endTime: '00:00:01,520' } })
    expect(readingSpeedFix([row(1, 0, 1000, text), row(2, 1080, 2000)], 1, text, en, 25)).toEqual({ status: 'condense', write: null, maxChars: 20, chars: 30 })
    // Markup is not read: 30 characters in italics still read in 1.5 s.
    expect(readingSpeedFix([row(1, 0, 2000, text), row(2, 5000, 6000)], 1, `<i>${text}</i>`, en, 25)).toEqual({ status: 'ok' })
  })
})
