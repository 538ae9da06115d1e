import { describe, expect, it } from 'vitest'
import type { TaskSegment } from '@/lib/client/tasks'
import { withChange } from '../drafts'
import { flaggedIds } from './flag-index'
import { defaultLimits } from './quality'

describe('flag index', () => {
  const limits = defaultLimits('en')
  const segs: TaskSegment[] = [
    { id: 1, startTime: '00:00:01,000', endTime: '00:00:03,000', duration: 2000, originalText: 'Hello', translatedText: 'Bonjour', translatedBy: 'deepseek', firstTranslation: null },
    { id: 2, startTime: '00:00:04,000', endTime: '00:00:05,000', duration: 1000, originalText: 'Bye', translatedText: 'Bye', translatedBy: 'deepseek', firstTranslation: null },
    { id: 3, startTime: '00:00:06,000', endTime: '00:00:07,000', duration: 1000, originalText: 'Later', translatedText: null, translatedBy: null, firstTranslation: null },
  ]
  it('flags from server text and drafts, and pending rows only once the task is done', () => {
    expect(flaggedIds(segs, {}, limits, true)).toEqual([2])
    expect(flaggedIds(segs, {}, limits, false)).toEqual([2, 3])
    const typed = withChange({}, 1, 'translatedText', 'Une phrase beaucoup trop longue pour deux secondes.')
    expect(flaggedIds(segs, typed, limits, true)).toEqual([1, 2])
    expect(flaggedIds(segs, withChange(typed, 2, 'translatedText', 'Au revoir'), limits, true)).toEqual([1])
    expect(flaggedIds(segs, {}, { ...limits, maxCps: 60 }, true)).toEqual([2])
  })
})
