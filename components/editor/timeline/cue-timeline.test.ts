import { describe, expect, it } from 'vitest'
import type { TaskSegment } from '@/lib/client/tasks'
import { buildTimeline, cueAt } from './cue-timeline'

describe('cue timeline', () => {
  const seg = (id: number, start: string, end: string): TaskSegment => ({ id, startTime: start, endTime: end, duration: 0, originalText: '', translatedText: null, translatedBy: null, firstTranslation: null })
  it('finds the cue on screen, none in gaps, the later one when cues overlap', () => {
    const timeline = buildTimeline([seg(1, '00:00:01,000', '00:00:03,000'), seg(3, '00:00:06,000', '00:00:09,000'), seg(2, '00:00:04,000', '00:00:07,000')])
    expect(cueAt(timeline, 500)).toBeNull()
    expect(cueAt(timeline, 1000)).toBe(1)
    expect(cueAt(timeline, 3500)).toBeNull()
    expect(cueAt(timeline, 5000)).toBe(2)
    expect(cueAt(timeline, 6500)).toBe(3)
    expect(cueAt(timeline, 8000)).toBe(3)
    expect(cueAt(timeline, 9000)).toBeNull()
  })
})
